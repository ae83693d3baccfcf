import { expect, test } from '@playwright/test'

const ARTICLE = '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'
const isArticle = (url: string) => new URL(url).pathname === ARTICLE

// Every page error and console error fails the test; the browser's own line for a 503 or 404
// the test asked for ("Failed to load resource ... 503") is the one exception.
let problems: string[] = []
test.beforeEach(({ page }) => {
  problems = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    if (/Failed to load resource: .* (404|503)/.test(message.text()) && message.location().url.endsWith(ARTICLE)) return
    problems.push(`console.error: ${message.text()}`)
  })
})
test.afterEach(() => {
  expect(problems).toEqual([])
})

test('the service worker answers the first request of a Vue app, no React installed', async ({ page }) => {
  const answered = page.waitForResponse((response) => isArticle(response.url()))
  await page.goto('/')
  const first = await answered
  expect(first.fromServiceWorker()).toBe(true)
  expect(first.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
  expect(await page.evaluate(() => typeof window.__ARTEFACT_MOCK__)).toBe('object')
})

test('window.__ARTEFACT_MOCK__.forceNext(503) from the console fails the next request, then it answers again', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
  await page.evaluate(() => window.__ARTEFACT_MOCK__?.forceNext(503))
  // The app's own controls heard of it through browserControl.subscribe.
  await expect(page.getByText('Next request forced: 503')).toBeVisible()

  const load = page.getByRole('button', { name: 'Load again' })
  const refused = page.waitForResponse((response) => isArticle(response.url()))
  await load.click()
  expect((await refused).status()).toBe(503)
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (503)')
  await expect(page.getByText('Next request forced: none')).toBeVisible()

  await load.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
})

test("the app's own controls steer the mock through browserControl: maintenance, a scenario, reset", async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
  const controls = page.getByRole('complementary', { name: 'Mock controls' })
  const load = page.getByRole('button', { name: 'Load again' })

  await controls.getByRole('checkbox', { name: 'Maintenance' }).check()
  expect(await page.evaluate(() => window.__ARTEFACT_MOCK__?.snapshot().settings.maintenance)).toBe(true)
  await load.click()
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (503)')

  // Settings live in the page: a reload starts without them.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
  await expect(controls.getByRole('checkbox', { name: 'Maintenance' })).not.toBeChecked()

  await controls.getByRole('combobox', { name: /^Scenario/ }).selectOption({ label: 'Empty' })
  await expect.poll(() => page.evaluate(() => window.__ARTEFACT_MOCK__?.snapshot().scenario)).toBe('empty')
  await load.click()
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (404)')

  await controls.getByRole('button', { name: 'Fail the next request' }).click()
  await load.click()
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (503)')

  // A reload keeps the scenario the browser remembered; switching back brings the article back.
  await page.reload()
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (404)')
  await controls.getByRole('combobox', { name: /^Scenario/ }).selectOption({ label: 'Default' })
  await expect(controls.getByRole('combobox', { name: /^Scenario/ })).toHaveValue('default')
  await load.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
})
