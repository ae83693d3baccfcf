import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures.ts'
import { CopyAsDialog } from './pages/copy-as-dialog.ts'
import { PanelsPage, PREFIX } from './pages/panels-page.ts'

test('the network log lists a fetch from the page with source "page", and opens it', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.openTab('Network log')
  await panels.fetch(`${PREFIX}/artefact/not-a-uuid`)

  const row = panels.log.getByRole('row', { name: /GET \/resources\/artefact\/not-a-uuid 400/ })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell').nth(5)).toHaveText('page')

  await panels.log.getByLabel('Status').selectOption('2xx')
  await expect(row).toHaveCount(0)
  await panels.log.getByLabel('Status').selectOption('4xx')
  await row.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: 'Response' })).toContainText('400')
  await expect(page.getByRole('region', { name: 'Response' })).toContainText('not-a-uuid')
})

test('copy as curl from history names the method, URL, headers and body', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.chooseOperation('Create an artefact')
  await panels.send()

  await panels.openTab('History')
  const copy = panels.history.getByRole('button', { name: /^Copy POST .* as curl$/ })
  await expect(copy).toHaveCount(1)
  await copy.click()
  await expect(panels.history.getByRole('status')).toHaveText('Copied as curl.')

  const command = await page.evaluate(() => navigator.clipboard.readText())
  // curl cannot reach the page's worker: the quick copy goes to the HTTP mode on its default port.
  expect(command).toContain(`curl -i -X 'POST' 'http://127.0.0.1:8787${PREFIX}/artefact'`)
  expect(command).toMatch(/-H 'content-type: application\/json'/i)
  expect(command).toMatch(/-H 'accept: application\/json'/i)
  expect(command).toMatch(/--data-binary '\{/)
  expect(command).not.toMatch(/X-Artefact-Explorer/i)

  await panels.reload()
  await panels.openTab('History')
  await expect(panels.history.getByRole('button', { name: /^Copy POST .* as curl$/ })).toHaveCount(1)
})

test('Copy in a log row and More… in the history open Copy as for that request, until it is closed', async ({
  page,
}) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.chooseOperation('Create an artefact')
  await panels.send()

  await panels.openTab('Network log')
  const row = panels.log.getByRole('row', { name: /^POST \/resources\/artefact \d{3}/ })
  const fromLog = await CopyAsDialog.open(page, row.getByRole('button', { name: /^Copy / }))
  await expect(fromLog.code).toContainText(`curl -i -X 'POST' 'http://127.0.0.1:8787${PREFIX}/artefact'`)
  await fromLog.close()

  await panels.openTab('History')
  const more = panels.history.getByRole('button', { name: /^More ways to copy POST / })
  const fromHistory = await CopyAsDialog.open(page, more)
  await fromHistory.format('HTTPie')
  await expect(fromHistory.code).toContainText(`http --ignore-stdin`)
  await fromHistory.close()
})

test('past 1,000 requests the log keeps the newest 1,000, says so, renders a screenful and exports what it holds', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.openTab('Network log')
  await panels.sendGets(1010)
  await panels.fetch(`${PREFIX}/artefact/the-newest`)

  await expect(panels.log.getByText('showing 1,000 of 1,011 — oldest dropped')).toBeVisible()
  await expect(panels.log.getByRole('row', { name: /GET \/resources\/artefact\/the-newest 400/ })).toBeVisible()
  expect(await panels.log.getByRole('row').count()).toBeLessThan(80)

  // Scrolled to the end, the oldest kept requests render and the newest leave the DOM.
  await panels.log.getByRole('table', { name: 'Requests the mock answered' }).hover()
  await page.mouse.wheel(0, 100_000)
  await expect(panels.log.getByRole('row', { name: /the-newest/ })).toHaveCount(0)
  await expect(panels.log.getByRole('row', { name: /^GET \/resources\/artefact\/\S+ 200/ }).last()).toBeInViewport()

  await panels.log.getByLabel('Status').selectOption('4xx')
  await expect(panels.log.getByText('1 of the newest 1,000 — 11 oldest dropped')).toBeVisible()

  const downloading = page.waitForEvent('download')
  await panels.log.getByRole('button', { name: 'Export HAR' }).click()
  const har = JSON.parse(await readFile((await (await downloading).path())!, 'utf8'))
  expect(har.log.entries).toHaveLength(1000)
  expect(har.log.comment).toBe(
    'The newest 1,000 requests of 1,011 logged; the log keeps at most 1,000, so the 11 oldest were dropped.',
  )
  await expect(panels.log.getByRole('status')).toContainText('Exported as HAR 1.2: the newest 1,000 requests of 1,011')
})
