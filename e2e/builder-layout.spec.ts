import { expect, test } from './fixtures.ts'
import { ARTEFACT_ID } from './pages/explorer-page.ts'

/** Whether an element shows all of its text (nothing cut by overflow). */
const showsWhole = (element: Element) => element.scrollWidth <= element.clientWidth + 1

for (const size of [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
]) {
  test(`at ${size.width} px the page has no sideways scroll and the end of the id stays whole in the URL and the answer`, async ({
    explorerPage,
    page,
  }) => {
    await page.setViewportSize(size)
    await explorerPage.chooseOperation('Get an artefact')
    await explorerPage.send()

    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
    // Shortened in the middle: the id's last characters are always on screen.
    const end = ARTEFACT_ID.slice(-12)
    for (const where of [explorerPage.urlPreview, explorerPage.response]) {
      const tail = where.getByText(end).last()
      await expect(tail).toBeVisible()
      expect(await tail.evaluate(showsWhole)).toBe(true)
    }
  })
}

test('at 1024 x 768 the response body gets most of the height', async ({ explorerPage, page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.send()

  const panel = explorerPage.response.getByRole('tabpanel')
  const box = await panel.boundingBox()
  const visible = Math.min(768, (box?.y ?? 0) + (box?.height ?? 0)) - (box?.y ?? 0)
  // About 20 px a line: at least 20 lines of the body are on screen.
  expect(visible).toBeGreaterThan(400)
})

test('the body editor wraps a long line instead of scrolling sideways', async ({ explorerPage, page }) => {
  await explorerPage.chooseOperation('Create an artefact')
  await expect(explorerPage.body).toHaveAttribute('contenteditable', 'true')
  await explorerPage.setBody(JSON.stringify({ title: 'A long line '.repeat(40) }))
  const scroller = page.locator('.cm-scroller')
  expect(await scroller.evaluate(showsWhole)).toBe(true)
})

test('"coming soon" is said once on the screen', async ({ explorerPage, page }) => {
  await explorerPage.chooseOperation('Create an artefact')
  await expect(page.getByText('coming soon')).toHaveCount(1)
})

test('a custom value gets its own line under the select, so neither is clipped', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Create an artefact')
  const before = await explorerPage.isDraft.boundingBox()
  await explorerPage.isDraft.selectOption({ label: 'Raw value…' })

  const select = await explorerPage.isDraft.boundingBox()
  const input = await explorerPage.isDraftValue.boundingBox()
  expect(select?.width).toBe(before?.width)
  expect(input && select && input.y >= select.y + select.height).toBe(true)
})
