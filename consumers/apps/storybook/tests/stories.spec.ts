import { expect, type Page, test } from '@playwright/test'

/** Opens one story alone, as Storybook's canvas iframe does; returns what msw and the page complained about. */
async function openStory(page: Page, id: string): Promise<string[]> {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('[MSW]')) problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await page.goto(`/iframe.html?id=${id}&viewMode=story`)
  return problems
}

/** The scenario that answered the article's request, as its X-Mock-Scenario header says. */
const answeredBy = (page: Page) =>
  page
    .waitForResponse((response) => response.url().includes('/resources/artefact/'))
    .then((response) => response.headers()['x-mock-scenario'])

test('Article / Default shows the article from the mock', async ({ page }) => {
  const scenario = answeredBy(page)
  const problems = await openStory(page, 'article--default')
  await expect(page.getByRole('heading')).toHaveText('Reset your password')
  expect(await scenario).toBe('default')
  expect(problems).toEqual([])
})

test('Article / New Customer starts from its scenario: the empty data set answers 404', async ({ page }) => {
  const scenario = answeredBy(page)
  const problems = await openStory(page, 'article--new-customer')
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (404)')
  expect(await scenario).toBe('empty')
  expect(problems).toEqual([])
})

test('Article / Under Maintenance shows 503', async ({ page }) => {
  const problems = await openStory(page, 'article--under-maintenance')
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (503)')
  expect(problems).toEqual([])
})

test('a story whose mockScenario names no scenario fails, naming the known ids', async ({ page }) => {
  let requests = 0
  page.on('request', (request) => {
    if (request.url().includes('/resources/artefact/')) requests += 1
  })
  const problems = await openStory(page, 'checks-scenario-typo--typo')
  // Storybook shows the error of the preview's beforeEach in place of the story, as `?mock-scenario=emtpy` stops a page.
  await expect(page.getByText(/no scenario has the id "emtpy"; known: default, empty, many/).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toHaveCount(0)
  expect(requests).toBe(0)
  expect(problems).toEqual([])
})

test("the toolbar's scenario wins over the story's, and goes back", async ({ page }) => {
  await page.goto('/?path=/story/article--new-customer&globals=mockScenario:maintenance')
  const canvas = page.frameLocator('#storybook-preview-iframe')
  await expect(canvas.getByRole('alert')).toHaveText('Could not load the article (503)')
  await page.getByRole('button', { name: /^The state of the mock/ }).click()
  await page
    .getByRole('listbox', { name: 'The state of the mock (a scenario)' })
    .getByRole('option')
    .filter({ hasText: 'As the story says' })
    .click()
  await expect(canvas.getByRole('alert')).toHaveText('Could not load the article (404)')
})

test("a Docs page shows every story in the toolbar's scenario, switched once", async ({ page }) => {
  const docs = page.frameLocator('#storybook-preview-iframe')
  await page.goto('/?path=/docs/article--docs')
  // Each story on the page: the primary one and the three in "Stories".
  await expect(docs.getByRole('heading', { name: 'Reset your password' })).toHaveCount(4)
  await expect(docs.getByRole('alert')).toHaveCount(0)

  await page.goto('/?path=/docs/article--docs&globals=mockScenario:empty')
  await expect(docs.getByRole('alert')).toHaveCount(4)
  for (const alert of await docs.getByRole('alert').all()) await expect(alert).toHaveText(/\(404\)/)
})

test('switching stories starts each one from its scenario, what the last one created gone', async ({ page }) => {
  await page.goto('/?path=/story/article--default')
  const canvas = page.frameLocator('#storybook-preview-iframe')
  await expect(canvas.getByRole('heading')).toHaveText('Reset your password')
  // Storybook keeps the canvas page between stories: what a story creates is there in the next,
  // unless the preview's beforeEach gives each story a fresh state.
  const createCategory = () =>
    page.frame({ url: /iframe\.html/ })!.evaluate(async () => {
      const response = await fetch('/v3/preview-upcoming/resources/artefactcategory', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Made in a story' }),
      })
      return response.status
    })
  expect(await createCategory()).toBe(201)
  expect(await createCategory()).toBe(422)

  await page.getByRole('link', { name: 'Under Maintenance' }).click()
  await expect(canvas.getByRole('alert')).toHaveText('Could not load the article (503)')
  await page.getByRole('link', { name: 'Default' }).click()
  await expect(canvas.getByRole('heading')).toHaveText('Reset your password')
  expect(await createCategory()).toBe(201)
})

test('the built Storybook serves the worker script of the installed msw', async ({ request }) => {
  const response = await request.get('/mockServiceWorker.js')
  expect(response.ok()).toBe(true)
  expect(await response.text()).toMatch(/const PACKAGE_VERSION = '\d+\.\d+\.\d+/)
})
