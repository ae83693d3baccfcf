import type { Page } from '@playwright/test'
import { expect, test } from 'artefact-preview-mock/playwright'

// In order: the second test proves the first one's conditions did not leak into it.
test.describe.configure({ mode: 'serial' })

test.beforeEach(async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('status')).toHaveText('Ready')
})

/** Clicks "Load artefact" and returns the answer the page lists for it. */
async function load(page: Page): Promise<string> {
  const answers = page.getByRole('list', { name: 'Answers' }).getByRole('listitem')
  const before = await answers.count()
  await page.getByRole('button', { name: 'Load artefact' }).click()
  await expect(answers).toHaveCount(before + 1)
  return (await answers.last().textContent()) ?? ''
}

test('a forced 429 and a 503 for this test only', async ({ page, mock }) => {
  await mock.forceNext(429)
  expect(await load(page)).toMatch(/^429 /)
  expect(await load(page)).toBe('200 Reset your password')

  await mock.set({ maintenance: true })
  expect(await load(page)).toMatch(/^503 /)
  expect((await mock.snapshot()).settings.maintenance).toBe(true)
})

test('the next test gets normal answers', async ({ page, mock }) => {
  expect(await load(page)).toBe('200 Reset your password')
  expect((await mock.snapshot()).settings.maintenance).toBe(false)
})

test.describe('starting under maintenance', () => {
  test.use({ mockSettings: { maintenance: true } })

  test('the first request is already 503', async ({ page }) => {
    expect(await load(page)).toMatch(/^503 /)
  })
})

test('a rate limit of one call answers the second 429', async ({ page, mock }) => {
  await mock.set({ rateLimit: { calls: 1, windowSeconds: 60 } })
  expect(await load(page)).toMatch(/^200 /)
  expect(await load(page)).toMatch(/^429 /)
  await mock.reset()
  expect(await load(page)).toMatch(/^200 /)
})
