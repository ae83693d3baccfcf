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
    // Shortened in the middle: the id's last characters are always on screen, after the resource's name.
    const end = ARTEFACT_ID.slice(-12)
    for (const where of [explorerPage.urlPreview, explorerPage.response]) {
      const tail = where.getByText(end).last()
      await expect(tail).toBeVisible()
      expect(await tail.evaluate(showsWhole)).toBe(true)
      const resource = where.getByText('artefact/', { exact: true }).last()
      await expect(resource).toBeVisible()
      expect(await resource.evaluate(showsWhole)).toBe(true)
    }
  })
}

test('at 1024 px the stored-artefact picker keeps the #tag that tells two long titles apart', async ({
  explorerPage,
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const title = 'Pin a note to the top of a notebook so that it stays above all the others #tg42'
  await page.evaluate(
    (body) =>
      fetch('/v3/preview-upcoming/resources/artefact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      }),
    JSON.stringify({ title }),
  )
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.storedArtefacts.click()
  await explorerPage.storedArtefacts.fill('tg42')
  const option = explorerPage.storedArtefactOptions.filter({ hasText: title })
  await expect(option).toHaveCount(1)
  const tag = option.getByText(' #tg42', { exact: true })
  await expect(tag).toBeVisible()
  expect(await tag.evaluate(showsWhole)).toBe(true)
  const [tagBox, optionBox] = await Promise.all([tag.boundingBox(), option.boundingBox()])
  expect(tagBox!.x + tagBox!.width).toBeLessThanOrEqual(optionBox!.x + optionBox!.width)
  // The title did not fit: it gave way in the middle.
  expect(
    await option
      .getByText(title.slice(0, -' #tg42'.length), { exact: true })
      .evaluate((head) => head.scrollWidth > head.clientWidth),
  ).toBe(true)
})

test('below 900 px the operations come first, then the request and the response: none is below the response', async ({
  explorerPage,
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 })
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.send()
  await expect(explorerPage.operations).toBeInViewport()
  const [operations, builder, response] = await Promise.all(
    [explorerPage.operations, explorerPage.builder, explorerPage.response].map((where) => where.boundingBox()),
  )
  expect(operations!.y + operations!.height).toBeLessThanOrEqual(builder!.y)
  expect(builder!.y + builder!.height).toBeLessThanOrEqual(response!.y)
  // The operations sit side by side, one short band, with the landmark around them still named.
  const items = explorerPage.operations.getByRole('button')
  const boxes = await Promise.all([0, 1, 2].map((index) => items.nth(index).boundingBox()))
  expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1)
  await expect(page.getByRole('complementary', { name: 'Operations and data' })).toHaveCount(1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
})

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
