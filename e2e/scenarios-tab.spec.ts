import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import { PanelsPage } from './pages/panels-page.ts'
import { ScenariosPage } from './pages/scenarios-page.ts'

// The explorer's Scenarios tab (contract §12): every scenario listed, one click to switch.

test('one click on Maintenance makes the next send 503 and the top bar says so; Default brings back 200', async ({
  page,
  explorerPage,
}) => {
  const scenarios = new ScenariosPage(page)
  await explorerPage.chooseOperation('Get an artefact')
  const before = await explorerPage.send()
  expect(before.status()).toBe(200)
  expect(before.headers()['x-mock-scenario']).toBe('default')

  await scenarios.open()
  await expect(scenarios.list.getByRole('listitem')).toHaveCount(9)
  await expect(scenarios.inUse).toContainText('Default')
  await expect(scenarios.list.getByRole('listitem').filter({ hasText: 'Quota exhausted' })).toContainText(
    'The call volume quota is spent: every call is 403.',
  )
  await scenarios.use('Maintenance')
  await expect(scenarios.conditions.getByRole('listitem')).toHaveText([
    'Scenario: Maintenance',
    /Maintenance: every answer 503/,
  ])
  // The answer on screen came from the scenario before: the viewer says so until the next send.
  await expect(explorerPage.response.getByRole('note', { name: 'Answered in another scenario' })).toBeVisible()
  // The button clicked is gone; the focus is on the card that replaced it.
  await expect(scenarios.list.getByRole('button', { name: 'Reset Maintenance' })).toBeFocused()

  const down = await explorerPage.send()
  expect(down.status()).toBe(503)
  expect(down.fromServiceWorker()).toBe(true)
  expect(down.headers()['x-mock-scenario']).toBe('maintenance')
  expect(down.headers()['retry-after']).toBe('30')
  await expect(explorerPage.response.getByRole('note', { name: 'Answered in another scenario' })).toHaveCount(0)

  await scenarios.use('Default')
  await expect(scenarios.conditions).toHaveCount(0)
  expect((await explorerPage.send()).status()).toBe(200)
})

test('from the keyboard, Empty empties the data browser at once, and Reset puts the scenario back as it starts', async ({
  page,
  explorerPage,
}) => {
  const scenarios = new ScenariosPage(page)
  const panels = new PanelsPage(page)
  await expect(explorerPage.workerRunning).toBeVisible()
  await scenarios.open()
  await scenarios.list.getByRole('button', { name: 'Use Empty' }).focus()
  await page.keyboard.press('Enter')
  await expect(scenarios.inUse).toContainText('Empty')
  await expect(panels.artefacts.getByRole('caption')).toContainText('(0 of 0)')
  expect((await panels.getArtefact()).status).toBe(404)

  await panels.createArtefact('Made in the empty scenario')
  await expect(panels.artefacts.getByRole('caption')).toContainText('(1 of 1)')
  await expect(scenarios.list.getByRole('button', { name: 'Reset Empty' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(scenarios.live).toContainText('Empty again')
  await expect(panels.artefacts.getByRole('caption')).toContainText('(0 of 0)')
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the Scenarios tab passes WCAG 2.1 AA checks, ${colorScheme}`, async ({ page, explorerPage }) => {
    const scenarios = new ScenariosPage(page)
    await page.getByRole('radio', { name: colorScheme === 'light' ? 'Light theme' : 'Dark theme' }).click()
    await expect(explorerPage.workerRunning).toBeVisible()
    await scenarios.open()
    await scenarios.use('Rate limited')
    await page.evaluate(() => window.__ARTEFACT_MOCK__?.set({ retryAfterSeconds: 5 }))
    await expect(scenarios.onTop).toContainText('retryAfterSeconds: 5')
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
    ).toEqual([])
  })
}
