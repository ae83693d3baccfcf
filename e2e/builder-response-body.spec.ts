import { expect, test } from './fixtures.ts'
import { BuilderPage } from './pages/builder-page.ts'

test.beforeEach(async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.send()
})

test('switches the body between the pretty tree and the raw text', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await builder.bodyFormat.getByRole('radio', { name: 'Raw' }).click()

  await expect(explorerPage.responseBody).toHaveJSProperty('tagName', 'PRE')
  const raw = await explorerPage.responseBody.innerText()
  expect(raw.startsWith('{"id":"0a1e0001-5c0f-4a11-9c00-000000000001"')).toBe(true)

  await builder.bodyFormat.getByRole('radio', { name: 'Pretty' }).click()
  await expect(explorerPage.responseBody).toHaveJSProperty('tagName', 'UL')
})

test('finds text in the body, counts the matches and steps through them with Enter', async ({ page }) => {
  const builder = new BuilderPage(page)
  await builder.find.fill('password')

  await expect(builder.findCount).toHaveText(/^1 of \d+$/)
  const total = Number((await builder.findCount.innerText()).split(' of ')[1])
  expect(total).toBeGreaterThan(2)
  await builder.find.press('Enter')
  await expect(builder.findCount).toHaveText(`2 of ${total}`)
  await builder.find.press('Shift+Enter')
  await expect(builder.findCount).toHaveText(`1 of ${total}`)
  await expect(builder.response.locator('mark')).toHaveCount(total)

  await builder.find.fill('no such text anywhere')
  await expect(builder.findCount).toHaveText('No match')
})

test('a selection copied from the expanded tree is valid JSON', async ({ explorerPage }) => {
  await explorerPage.response
    .getByRole('button', { name: /^Expand / })
    .first()
    .waitFor()
  for (let open = 0; open < 40; open++) {
    const closed = explorerPage.response.getByRole('button', { name: /^Expand / })
    if ((await closed.count()) === 0) break
    await closed.first().click()
  }
  const copied = await explorerPage.responseBody.evaluate((tree) => {
    const range = document.createRange()
    range.selectNodeContents(tree)
    const selection = window.getSelection()
    selection?.removeAllRanges()
    selection?.addRange(range)
    return selection?.toString() ?? ''
  })

  const parsed = JSON.parse(copied) as { id: string; links: unknown[] }
  expect(parsed.id).toBe('0a1e0001-5c0f-4a11-9c00-000000000001')
  expect(parsed.links).toHaveLength(1)
})
