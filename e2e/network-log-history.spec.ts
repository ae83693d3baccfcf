import { readFile } from 'node:fs/promises'
import type { Locator } from '@playwright/test'
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
  // The button says where curl goes: this page's worker is out of its reach.
  const copy = panels.history.getByRole('button', {
    name: /^Copy POST .* as curl → 127\.0\.0\.1:8787, the HTTP mode$/,
  })
  await expect(copy).toHaveCount(1)
  await expect(copy).toHaveText('curl → 127.0.0.1:8787')
  await copy.click()
  await expect(panels.history.getByRole('status')).toHaveText(
    'Copied as curl for the HTTP mode at http://127.0.0.1:8787.',
  )

  const command = await page.evaluate(() => navigator.clipboard.readText())
  // curl cannot reach the page's worker: the quick copy goes to the HTTP mode on its default port.
  expect(command).toContain(`curl -i -X 'POST' 'http://127.0.0.1:8787${PREFIX}/artefact'`)
  expect(command).toMatch(/-H 'content-type: application\/json'/i)
  expect(command).toMatch(/-H 'accept: application\/json'/i)
  expect(command).toMatch(/--data-binary '\{/)
  expect(command).not.toMatch(/X-Artefact-Explorer/i)

  await panels.reload()
  await panels.openTab('History')
  await expect(panels.history.getByRole('button', { name: /^Copy POST .* as curl → / })).toHaveCount(1)
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

/** Whether `inner` is drawn whole inside `outer`: neither its own overflow nor the cell's hides its end. */
async function drawnWhole(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()])
  const ownOverflow = await inner.evaluate((element) => element.scrollWidth > element.clientWidth + 1)
  return a !== null && b !== null && !ownOverflow && a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1
}

test('at 1440 px each log path shows after /resources/ with the end of its id whole, forced or not, and the search finds it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.openTab('Network log')
  await panels.getArtefact('0a1e0001-5c0f-4a11-9c00-000000000013')
  await page.evaluate(() => window.__ARTEFACT_MOCK__!.forceNext(503))
  await panels.getArtefact('0a1e0001-5c0f-4a11-9c00-000000000012')
  await panels.fetch(`${PREFIX}/artefactcategory`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  })

  for (const [end, status] of [
    ['000000000013', '200'],
    ['000000000012', '503, forced'],
  ] as const) {
    const row = panels.log.getByRole('row', { name: new RegExp(`^GET /resources/artefact/\\S+${end} ${status}`) })
    const path = row.getByRole('cell').nth(2)
    await expect(path).toContainText(`artefact/0a1e0001-5c0f-4a11-9c00-${end}`)
    expect(await drawnWhole(path.getByText(end, { exact: true }), path)).toBe(true)
  }
  await expect(panels.log.getByRole('cell', { name: 'forced' })).toBeVisible()

  const search = panels.log.getByRole('searchbox', { name: 'Search the log' })
  await search.fill('0013')
  await expect(panels.log.getByRole('row', { name: /^(GET|POST) / })).toHaveCount(1)
  await expect(panels.log.getByText('1 of 3', { exact: true })).toBeVisible()
  await search.fill('post 422')
  await expect(panels.log.getByRole('row', { name: /^POST \/resources\/artefactcategory 422/ })).toBeVisible()
  await expect(panels.log.getByRole('row', { name: /^(GET|POST) / })).toHaveCount(1)
  await search.fill('5xx')
  await expect(panels.log.getByRole('row', { name: /^GET \S+000000000012 503/ })).toBeVisible()
  await search.fill('no-such-thing')
  await expect(panels.log.getByText('No request matches the search and filters.')).toBeVisible()
})

test('the history says how many of those sent it keeps, finds one by id, and keeps the end of each id whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.chooseOperation('Get an artefact')
  await panels.send()
  await expect(page.getByRole('region', { name: 'Response' }).getByLabel('Status', { exact: true })).toContainText(
    '200',
  )
  // 104 sent, of which the newest 100 are kept: the one entry sent, copied over the seed's ids,
  // stored as a list of whole entries (the form before each had a key), which is moved on reading.
  await page.evaluate(() => {
    const [id] = JSON.parse(localStorage.getItem('artefact-explorer:history') ?? '[]')
    const entry = JSON.parse(localStorage.getItem(`artefact-explorer:history:${id}`) ?? 'null')
    const copies = Array.from({ length: 100 }, (_, index) => {
      const id = `0a1e0001-5c0f-4a11-9c00-${String((index % 14) + 1).padStart(12, '0')}`
      const url = entry.exchange.request.url.replace(/[^/]+$/, id)
      return {
        ...entry,
        exchange: { ...entry.exchange, id: `copy-${index}`, request: { ...entry.exchange.request, url } },
      }
    })
    localStorage.setItem('artefact-explorer:history', JSON.stringify(copies))
    localStorage.setItem('artefact-explorer:history-sent', '104')
  })
  await panels.reload()
  await panels.openTab('History')
  await expect(panels.history.getByText('newest 100 of 104 sent')).toBeVisible()
  await panels.send()
  await expect(panels.history.getByText('newest 100 of 105 sent')).toBeVisible()

  const search = panels.history.getByRole('searchbox', { name: 'Search the history' })
  await search.fill('000000000014')
  await expect(panels.history.getByRole('listitem')).toHaveCount(7)
  await expect(panels.history.getByText('7 of the newest 100 of 105 sent')).toBeVisible()
  const path = panels.history
    .getByRole('listitem')
    .first()
    .getByTitle(/000000000014$/)
  expect(await drawnWhole(path.getByText(/000000000014$/), path)).toBe(true)
  await search.fill('get 404')
  await expect(panels.history.getByText('No sent request matches the search.')).toBeVisible()

  await panels.history.getByRole('button', { name: 'Clear history' }).click()
  await panels.history.getByRole('button', { name: 'Confirm clear' }).click()
  await expect(panels.history.getByText('0 sent')).toBeVisible()
})

test('one request, two timings, each named for what it measures: the round trip after Send, the time in the mock from the log', async ({
  explorerPage,
  page,
}) => {
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.send()
  const timing = explorerPage.response.locator('.viewer__stat').first()
  await expect(timing).toHaveText(/^Round trip \d+ ms$/)
  await expect(timing).toHaveAttribute('title', /as this page's fetch saw it/)

  await page.getByRole('tablist', { name: 'Tools' }).getByRole('tab', { name: 'Network log' }).click()
  const log = page.getByRole('region', { name: 'Network log' })
  await expect(log.getByRole('columnheader', { name: 'In mock' })).toHaveAttribute('title', /The mock's own time/)
  await log.getByRole('row', { name: /^GET \/resources\/artefact\/\S+ 200/ }).click()
  await expect(timing).toHaveText(/^In mock \d+ ms$/)
  await expect(timing).toHaveAttribute('title', /The page's round trip for the same request is longer/)
  await expect(explorerPage.response.getByText('Round trip')).toHaveCount(0)
})
