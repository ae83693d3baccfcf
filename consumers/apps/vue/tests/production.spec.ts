import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

// The mock's own marks. The API path itself is no mark: the app calls that API in production too.
const MOCK_MARKS = ['mockServiceWorker', '__ARTEFACT_MOCK__', 'X-Mock-Reason', 'Out of call volume quota', 'Mock controls']

test('`vite build` holds none of the mock', () => {
  // public/'s copy of msw's worker script is an inert static file: nothing registers it.
  const built = filesUnder('dist')
    .filter((file) => !file.endsWith('mockServiceWorker.js'))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
  expect(built.some(({ file }) => file.endsWith('.js'))).toBe(true)
  for (const mark of MOCK_MARKS) {
    expect(built.filter(({ text }) => text.includes(mark)).map(({ file }) => file), mark).toEqual([])
  }
})

test('the production page renders the app alone: no worker, no controls', async ({ page }) => {
  await page.goto('/')
  // No mock here: the real network answers, and `vite preview` has no such API.
  await expect(page.getByRole('alert')).toHaveText(/^Could not load the article \(\d+\)$/)
  expect(await page.getByRole('complementary', { name: 'Mock controls' }).count()).toBe(0)
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0)
})
