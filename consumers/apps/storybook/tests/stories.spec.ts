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

test('Article / Default shows the article from the mock', async ({ page }) => {
  const problems = await openStory(page, 'article--default')
  await expect(page.getByRole('heading')).toHaveText('Reset your password')
  expect(problems).toEqual([])
})

test('Article / Under Maintenance shows 503', async ({ page }) => {
  const problems = await openStory(page, 'article--under-maintenance')
  await expect(page.getByRole('alert')).toHaveText('Could not load the article (503)')
  expect(problems).toEqual([])
})

test('switching stories swaps the handlers, and each story starts from a reset mock', async ({ page }) => {
  await page.goto('/?path=/story/article--default')
  const canvas = page.frameLocator('#storybook-preview-iframe')
  await expect(canvas.getByRole('heading')).toHaveText('Reset your password')
  // Storybook keeps the canvas page between stories: what a story creates is there in the next,
  // unless the preview's beforeEach resets the mock.
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
