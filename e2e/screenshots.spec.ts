import { expect, test } from './fixtures.ts'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const

for (const colorScheme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    test(`main view after a GET, ${colorScheme}, ${size.width}x${size.height}`, async ({ page, explorerPage }) => {
      await page.setViewportSize(size)
      await page.emulateMedia({ colorScheme })
      await explorerPage.chooseOperation('Get an artefact')
      await explorerPage.send()
      await expect(explorerPage.schemaCheck).toContainText('Matches the spec')
      await page.screenshot({ path: `test-results/screenshots/get-${colorScheme}-${size.width}x${size.height}.png` })
    })
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`create artefact with an error answer, ${colorScheme}`, async ({ page, explorerPage }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme })
    await explorerPage.chooseOperation('Create an artefact')
    await explorerPage.setBody('{"content": []}')
    await explorerPage.send()
    await expect(explorerPage.mockReason).toBeVisible()
    await page.screenshot({ path: `test-results/screenshots/create-422-${colorScheme}-1280x800.png` })
  })
}
