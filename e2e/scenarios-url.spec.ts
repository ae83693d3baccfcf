import AxeBuilder from '@axe-core/playwright'
import { expect, test, waitForMock } from './fixtures.ts'
import { ARTEFACT_ID, ExplorerPage } from './pages/explorer-page.ts'
import { PanelsPage } from './pages/panels-page.ts'
import { ScenariosPage } from './pages/scenarios-page.ts'
import { BUILT_IN_SCENARIOS } from '../mocks/control/scenarios.ts'

// `?mock-scenario=<id>` on the page that starts the worker (contract §12).

test('?mock-scenario=empty starts the mock empty: a data-set id is 404, and a reload keeps the choice and what was created under it', async ({
  page,
}) => {
  const explorer = new ExplorerPage(page)
  const panels = new PanelsPage(page)
  const scenarios = new ScenariosPage(page)
  await explorer.goto('?mock-scenario=empty')
  await waitForMock(page)
  await expect(scenarios.conditions.getByRole('listitem').first()).toHaveText('Scenario: Empty')
  await expect(panels.artefacts.getByRole('caption')).toContainText('(0 of 0)')
  // The browser remembers the choice; the address bar no longer asks for it.
  await expect(page).not.toHaveURL(/mock-scenario/)

  await explorer.chooseOperation('Get an artefact')
  await explorer.idInput.fill(ARTEFACT_ID)
  const missing = await explorer.send()
  expect(missing.status()).toBe(404)
  expect(missing.fromServiceWorker()).toBe(true)
  expect(missing.headers()['x-mock-scenario']).toBe('empty')

  const created = await panels.createArtefact('Made in the empty scenario')
  await page.reload()
  await waitForMock(page)
  await expect(scenarios.conditions.getByRole('listitem').first()).toHaveText('Scenario: Empty')
  expect((await panels.getArtefact(ARTEFACT_ID)).status).toBe(404)
  const kept = await panels.getArtefact(created)
  expect(kept.status).toBe(200)
  expect(kept.headers['x-mock-scenario']).toBe('empty')
})

test('an unknown id starts nothing: a banner says why, lists the known ids, and goes on with default', async ({
  page,
}) => {
  const scenarios = new ScenariosPage(page)
  const panels = new PanelsPage(page)
  await page.goto('/?mock-scenario=emtpy&tab=scenarios')
  await expect(scenarios.refused).toContainText('no scenario has the id "emtpy"')
  const known = scenarios.refused.getByRole('navigation', { name: 'Known scenarios' }).getByRole('link')
  await expect(known).toHaveText(BUILT_IN_SCENARIOS.map((scenario) => scenario.id))
  await expect(page.getByRole('status').filter({ hasText: 'Mock not started' })).toBeVisible()
  // Never a silent fallback: nothing answers until a known scenario is chosen.
  await expect(page.getByRole('status').filter({ hasText: 'Mock active' })).toHaveCount(0)

  await scenarios.goOnWithDefault.click()
  await expect(panels.workerActive).toBeVisible()
  await expect(scenarios.refused).toHaveCount(0)
  await expect(page).toHaveURL(/tab=scenarios/)
  await expect(scenarios.inUse).toContainText('Default')
  const answer = await panels.getArtefact()
  expect(answer.status).toBe(200)
  expect(answer.headers['x-mock-scenario']).toBe('default')
})

test('settings in the link that the schema refuses start nothing either, and say which field', async ({ page }) => {
  const scenarios = new ScenariosPage(page)
  const settings = encodeURIComponent(JSON.stringify({ retryAfterSeconds: -1, spec: 'https://evil.test/openapi.json' }))
  await page.goto(`/?mock-scenario=maintenance&mock-settings=${settings}`)
  await expect(scenarios.refused).toContainText('mock-settings.retryAfterSeconds: must be an integer from 0 to 86400')
  await scenarios.goOnWithDefault.click()
  await waitForMock(page)
  expect((await new PanelsPage(page).getArtefact()).status).toBe(200)
})

test('a remembered scenario that no longer exists is dropped with a warning, never a crash', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await page.addInitScript(() => {
    // Once: what an older version of the app, with a scenario since removed, left behind.
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem('artefact-mock:scenario', JSON.stringify({ id: 'retired-scenario', asked: null }))
  })
  await page.goto('/')
  await waitForMock(page)
  expect(warnings.join('\n')).toContain(
    '[artefact-mock] the remembered scenario "retired-scenario" is no longer defined',
  )
  expect((await new PanelsPage(page).getArtefact()).headers['x-mock-scenario']).toBe('default')
  expect(await page.evaluate(() => localStorage.getItem('artefact-mock:scenario'))).toBe(
    JSON.stringify({ id: 'default', asked: null }),
  )
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the banner of a refused start passes WCAG 2.1 AA checks, ${colorScheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme })
    await page.goto('/?mock-scenario=emtpy')
    await expect(new ScenariosPage(page).refused).toBeVisible()
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
    ).toEqual([])
  })
}
