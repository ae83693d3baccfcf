import { expect, test, waitForMock, watchPageErrors } from './fixtures.ts'
import { PanelsPage } from './pages/panels-page.ts'
import { ScenariosPage } from './pages/scenarios-page.ts'

// "Copy link" (contract §12): a URL that reproduces the scenario and the settings changed on top of it.

test('the copied link, opened in a fresh browser, gives the same answers: the scenario and the settings on top', async ({
  page,
  context,
  browser,
  explorerPage,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const scenarios = new ScenariosPage(page)
  const panels = new PanelsPage(page)
  await expect(explorerPage.workerRunning).toBeVisible()
  await scenarios.open()
  await scenarios.use('Maintenance')
  await panels.openTab('Mock controls')
  await panels.control('Retry-After').fill('7')
  await panels.control('Retry-After').press('Tab')
  await scenarios.open()
  await expect(scenarios.onTop).toContainText('retryAfterSeconds: 7')
  const link = await scenarios.copiedLink()
  const url = new URL(link)
  expect(url.searchParams.get('mock-scenario')).toBe('maintenance')
  expect(JSON.parse(url.searchParams.get('mock-settings') ?? 'null')).toEqual({ retryAfterSeconds: 7 })
  const here = await panels.getArtefact()
  expect(here.status).toBe(503)
  expect(here.headers['retry-after']).toBe('7')

  const fresh = await browser.newContext({ serviceWorkers: 'allow' })
  const freshErrors = watchPageErrors(fresh)
  const other = await fresh.newPage()
  await other.goto(link)
  await waitForMock(other)
  const there = await new PanelsPage(other).getArtefact()
  expect({ status: there.status, body: there.body, retryAfter: there.headers['retry-after'] }).toEqual({
    status: here.status,
    body: here.body,
    retryAfter: here.headers['retry-after'],
  })
  expect(there.headers['x-mock-scenario']).toBe('maintenance')
  const theirs = new ScenariosPage(other)
  await expect(theirs.inUse).toContainText('Maintenance')
  await expect(theirs.onTop).toContainText('retryAfterSeconds: 7')

  // Taken once: the address bar drops the link's parameters, and a reload keeps the state.
  await expect(other).not.toHaveURL(/mock-/)
  await other.reload()
  await waitForMock(other)
  const again = await new PanelsPage(other).getArtefact()
  expect([again.status, again.headers['retry-after']]).toEqual([503, '7'])
  expect(freshErrors.errors()).toEqual([])
  await fresh.close()
})
