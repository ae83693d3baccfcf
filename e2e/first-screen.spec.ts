import type { Locator } from '@playwright/test'
import { expect, test, waitForMock } from './fixtures.ts'
import { ExplorerPage, type OperationTitle } from './pages/explorer-page.ts'

const TITLES: OperationTitle[] = ['Create an artefact', 'Create an artefact category', 'Get an artefact']

/** Where each operation title sits on the page, rounded to the pixel. */
async function titleBoxes(operations: Locator): Promise<string[]> {
  return Promise.all(
    TITLES.map(async (title) => {
      const box = await operations.getByText(title, { exact: true }).boundingBox()
      return box ? [box.x, box.y, box.width, box.height].map(Math.round).join(',') : 'none'
    }),
  )
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the operations and the reason JavaScript is needed are on screen', async ({ page }) => {
    const { operations } = new ExplorerPage(page)
    await page.goto('/')

    await expect(page.getByRole('heading', { name: 'Artefact Preview Explorer' })).toBeVisible()
    for (const title of TITLES) await expect(operations.getByText(title, { exact: true })).toBeVisible()
    await expect(operations.getByRole('button')).toHaveCount(3)
    for (const button of await operations.getByRole('button').all()) await expect(button).toBeDisabled()
    // Playwright's text and role engines skip <noscript>, so a CSS selector finds the message.
    const reason = page.locator('main noscript > p')
    await expect(reason).toBeVisible()
    await expect(reason).toHaveText(/^Artefact Preview Mock needs JavaScript/)
  })
})

test('the operations are painted before the script runs, where the app then renders them', async ({ page }) => {
  const explorer = new ExplorerPage(page)
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  // Holds the entry script, so the page stays as the HTML alone paints it.
  await page.route('**/assets/index-*.js', async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/', { waitUntil: 'commit' })

  for (const title of TITLES) await expect(explorer.operations.getByText(title, { exact: true })).toBeVisible()
  await expect(page.locator('main noscript > p')).toHaveCount(0)
  // Measured once the page has painted: before that the stylesheet may still be on its way, and
  // layout read by a script then is the unstyled one, which nobody sees (the stylesheet blocks
  // the first paint). A CI rehearsal measured that layout once and failed.
  await page.waitForFunction(() =>
    performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'),
  )
  const painted = await titleBoxes(explorer.operations)

  release()
  await waitForMock(page)
  await expect(explorer.operations.getByRole('button', { name: /Get an artefact/ })).toBeEnabled()
  expect(await titleBoxes(explorer.operations)).toEqual(painted)
})
