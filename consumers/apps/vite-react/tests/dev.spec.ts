import { expect, test } from '@playwright/test'

const ARTICLE = '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'

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

test('the service worker answers the first render, and the panel logs it and turns maintenance on', async ({ page }) => {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === ARTICLE)
  await page.goto('/')
  const first = await answered
  expect(first.fromServiceWorker()).toBe(true)
  expect(first.status()).toBe(200)
  expect(first.headers()['x-artefact-status']).toBe('published')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')

  // StrictMode renders twice; startMockWorker() registers one worker, which controls the page.
  const workers = await page.evaluate(async () => ({
    controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    registrations: (await navigator.serviceWorker.getRegistrations()).length,
  }))
  expect(workers).toEqual({ controller: expect.stringMatching(/\/mockServiceWorker\.js$/), registrations: 1 })

  const toggle = page.getByRole('button', { name: 'Artefact mock' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')

  const panel = page.getByRole('region', { name: 'Artefact mock panel' })
  const log = panel.getByRole('region', { name: 'Network log' })
  await expect(log.getByRole('row', { name: /^GET \/resources\/artefact\/0a1e0001-5c0f-4a11-9c00-000000000001 200/ }).first()).toBeVisible()

  await panel.getByRole('tab', { name: 'Mock controls' }).click()
  await panel.getByRole('region', { name: 'Mock controls' }).getByLabel('Maintenance mode').check()

  const refused = page.waitForResponse((response) => new URL(response.url()).pathname === ARTICLE)
  await page.getByRole('button', { name: 'Load again' }).click()
  expect((await refused).status()).toBe(503)
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (503)')

  await panel.getByRole('tab', { name: 'Network log' }).click()
  await expect(log.getByRole('row', { name: /^GET \/resources\/artefact\/\S+ 503/ })).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(toggle).toBeFocused()
})

test("the panel's Scenarios tab switches the app's mock in one click: Maintenance makes Load again 503, Default brings the article back", async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
  await page.getByRole('button', { name: 'Artefact mock' }).click()
  const panel = page.getByRole('region', { name: 'Artefact mock panel' })
  await panel.getByRole('tab', { name: 'Scenarios' }).click()
  const scenarios = panel.getByRole('region', { name: 'Scenarios' }).getByRole('list', { name: 'Scenarios' })
  // The nine built in, then the guide's two (src/mock-scenarios.ts).
  await expect(scenarios.getByRole('listitem')).toHaveCount(11)
  await expect(scenarios.getByRole('listitem').filter({ hasText: 'In use' })).toContainText('Default')

  await scenarios.getByRole('button', { name: 'Use Maintenance' }).click()
  await expect(scenarios.getByRole('listitem').filter({ hasText: 'In use' })).toContainText('Maintenance')
  const refused = page.waitForResponse((response) => new URL(response.url()).pathname === ARTICLE)
  await page.getByRole('button', { name: 'Load again' }).click()
  const down = await refused
  expect(down.status()).toBe(503)
  expect(down.headers()['x-mock-scenario']).toBe('maintenance')
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (503)')

  // The choice outlives a reload: the browser remembers it.
  await page.reload()
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (503)')
  await page.getByRole('button', { name: 'Artefact mock' }).click()
  await panel.getByRole('tab', { name: 'Scenarios' }).click()
  await scenarios.getByRole('button', { name: 'Use Default' }).click()
  await page.getByRole('button', { name: 'Load again' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
})

test("?mock-scenario= starts the app in one of the guide's own scenarios, and the panel lists it in use", async ({
  page,
}) => {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === ARTICLE)
  await page.goto('/?mock-scenario=article-gone')
  const first = await answered
  expect(first.status()).toBe(404)
  expect(first.headers()['x-mock-scenario']).toBe('article-gone')
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (404)')

  await page.getByRole('button', { name: 'Artefact mock' }).click()
  const panel = page.getByRole('region', { name: 'Artefact mock panel' })
  await panel.getByRole('tab', { name: 'Scenarios' }).click()
  const scenarios = panel.getByRole('list', { name: 'Scenarios' })
  await expect(scenarios.getByRole('listitem').last()).toContainText('Flaky article')
  await expect(scenarios.getByRole('listitem').filter({ hasText: 'In use' })).toContainText('Article gone')
})

test('the panel brings its own styles: a floating button in the corner', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
  const toggle = page.getByRole('button', { name: 'Artefact mock' })
  await expect(toggle).toBeVisible()
  expect(await toggle.evaluate((element) => getComputedStyle(element.parentElement!).position)).toBe('fixed')
  const box = (await toggle.boundingBox())!
  const viewport = page.viewportSize()!
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40)
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40)
})
