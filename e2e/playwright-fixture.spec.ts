import { mergeTests } from '@playwright/test'
import { test as mockTest } from '../mocks/playwright.ts'
import { expect, test as explorerTest } from './fixtures.ts'
import { PanelsPage } from './pages/panels-page.ts'

// The package's fixture, with this suite's console-error check.
const test = mergeTests(explorerTest, mockTest)

// In order: the second test proves the first one's conditions did not leak.
test.describe.configure({ mode: 'serial' })

test('forces a 429 and a 503 for this test only', async ({ page, mock }) => {
  const panels = new PanelsPage(page)
  await panels.goto()

  await mock.forceNext(429)
  const limited = await panels.getArtefact()
  expect(limited.status).toBe(429)
  expect(limited.headers['retry-after']).toBeDefined()
  expect((await panels.getArtefact()).status).toBe(200)

  await mock.set({ maintenance: true, retryAfterSeconds: 9 })
  const down = await panels.getArtefact()
  expect(down.status).toBe(503)
  expect(down.headers['retry-after']).toBe('9')
  expect((await mock.snapshot()).settings.maintenance).toBe(true)
  // The explorer's own controls see the same mock.
  await panels.openTab('Mock controls')
  await expect(panels.control('Maintenance mode')).toBeChecked()
})

test('the next test sees normal answers', async ({ page, mock }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  expect((await panels.getArtefact()).status).toBe(200)
  const { settings, forcedNext } = await mock.snapshot()
  expect(settings.maintenance).toBe(false)
  expect(forcedNext).toBeNull()
})

test('reset returns to the start: data set, counters, forced status and settings', async ({ page, mock }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await mock.set({ quota: 1 })
  await panels.createArtefact('Kept until reset')
  expect((await panels.getArtefact()).status).toBe(403)
  await mock.forceNext(404)

  await mock.reset()
  const { settings, quotaUsed, forcedNext } = await mock.snapshot()
  expect({ quota: settings.quota, quotaUsed, forcedNext }).toEqual({ quota: null, quotaUsed: 0, forcedNext: null })
  expect((await panels.getArtefact()).status).toBe(200)
  await expect(panels.artefacts.getByRole('row')).toHaveCount(14 + 1)
})

test('a setting made before the page loads applies to its first request', async ({ page, mock }) => {
  await mock.set({ quota: 0 })
  await mock.forceNext(415)
  const panels = new PanelsPage(page)
  await panels.goto()
  expect((await panels.getArtefact()).status).toBe(415)
  expect((await panels.getArtefact()).status).toBe(403)
})

test.describe('with mockSettings', () => {
  test.use({ mockSettings: { maintenance: true, retryAfterSeconds: 5 } })

  test('the mock starts in maintenance, before the first request', async ({ page, mock }) => {
    const panels = new PanelsPage(page)
    await panels.goto()
    const down = await panels.getArtefact()
    expect(down.status).toBe(503)
    expect(down.headers['retry-after']).toBe('5')
    await mock.set({ maintenance: false })
    expect((await panels.getArtefact()).status).toBe(200)
    // reset goes back to the test's start, which includes mockSettings.
    await mock.reset()
    expect((await panels.getArtefact()).status).toBe(503)
  })
})

test.describe('with mockScenario', () => {
  test.use({ mockScenario: 'empty' })

  test('the mock starts in the scenario, before the first request', async ({ page, mock }) => {
    const panels = new PanelsPage(page)
    await panels.goto()
    const missing = await panels.getArtefact()
    expect(missing.status).toBe(404)
    expect(missing.headers['x-mock-scenario']).toBe('empty')
    expect((await mock.snapshot()).scenario).toBe('empty')
    // reset goes back to the test's scenario, not to the default one.
    await panels.createArtefact('Made in the empty scenario')
    await mock.reset()
    expect((await mock.snapshot()).scenario).toBe('empty')
    expect((await panels.getArtefact()).status).toBe(404)
  })
})

test('useScenario replaces the whole state, and an unknown id fails naming the known ones', async ({ page, mock }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.createArtefact('Gone after the switch')
  await mock.useScenario('maintenance')
  const down = await panels.getArtefact()
  expect(down.status).toBe(503)
  expect(down.headers['x-mock-scenario']).toBe('maintenance')
  expect((await mock.snapshot()).scenario).toBe('maintenance')

  await expect(mock.useScenario('no-such-scenario')).rejects.toThrow(
    /no scenario has the id "no-such-scenario"; known: default, empty, many, drafts, maintenance, quota-exhausted/,
  )
  // Nothing changed.
  expect((await mock.snapshot()).scenario).toBe('maintenance')
})

test('a scenario chosen before the page loads applies to its first request', async ({ page, mock }) => {
  await mock.useScenario('quota-exhausted')
  const panels = new PanelsPage(page)
  await panels.goto()
  expect((await panels.getArtefact()).status).toBe(403)
  expect((await mock.snapshot()).scenario).toBe('quota-exhausted')
})

test('clock.advance ends a rate-limit window without waiting', async ({ page, mock }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await mock.useScenario('rate-limited')
  expect((await panels.getArtefact()).status).toBe(200)
  const limited = await panels.getArtefact()
  expect(limited.status).toBe(429)
  expect(limited.headers['retry-after']).toBe('60')
  await mock.clock.advance(60_000)
  expect((await panels.getArtefact()).status).toBe(200)
})

test('reset undoes clock.advance: the rate-limit window is the one of a fresh mock', async ({ page, mock }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await mock.useScenario('rate-limited')
  const clock = () => page.evaluate(() => window.__ARTEFACT_MOCK__!.clock.now())
  const before = await clock()
  await mock.clock.advance(90 * 86_400_000)
  await mock.reset()
  expect(Math.abs((await clock()) - before)).toBeLessThan(60_000)
  expect((await panels.getArtefact()).status).toBe(200)
  const limited = await panels.getArtefact()
  expect([limited.status, limited.headers['retry-after']]).toEqual([429, '60'])
})
