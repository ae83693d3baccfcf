import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { Har } from '../src/features/network-log/har-schema.ts'
import { expect, test } from './fixtures.ts'
import { PanelsPage, PREFIX } from './pages/panels-page.ts'

const ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

/** Fills the log: a delayed 200, a forced 503, a page's 201 with Content-Type omitted. */
async function fillLog(panels: PanelsPage): Promise<void> {
  await panels.page.evaluate(() => window.__ARTEFACT_MOCK__!.set({ latency: { mode: 'fixed', ms: 150 } }))
  expect((await panels.getArtefact()).status).toBe(200)
  await panels.page.evaluate(() => window.__ARTEFACT_MOCK__!.set({ latency: { mode: 'off' } }))
  expect((await panels.fetch(`${PREFIX}/artefact/${ID}`, { headers: { Prefer: 'code=503' } })).status).toBe(503)
  const created = await panels.page.evaluate(async (path) => {
    const response = await fetch(path, { method: 'POST', body: new TextEncoder().encode('{"name":"HAR check"}') })
    return response.status
  }, `${PREFIX}/artefactcategory`)
  expect(created).toBe(201)
}

/** The HAR as Chromium's DevTools reads it: its own importer, loaded from the frontend Chromium serves. */
async function readInDevTools(
  har: string,
): Promise<Array<{ url: string; status: number; method: string; sent: string | null; body: string | null }>> {
  const profile = await mkdtemp(join(tmpdir(), 'devtools-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--remote-debugging-port=0'],
  })
  try {
    const port = (await readFile(join(profile, 'DevToolsActivePort'), 'utf8')).split('\n')[0]
    const devtools = await context.newPage()
    await devtools.goto(`http://127.0.0.1:${port}/devtools/inspector.html`)
    return await devtools.evaluate(async (text) => {
      const module = '/devtools/models/har/har.js'
      const HAR = await import(module)
      const root = new HAR.HARFormat.HARRoot(JSON.parse(text))
      const requests = HAR.Importer.Importer.requestsFromHARLog(root.log)
      return Promise.all(
        requests.map(
          async (request: {
            url(): string
            statusCode: number
            requestMethod: string
            requestFormData(): Promise<string | null>
            requestContentData(): Promise<{ text?: string } | null>
          }) => {
            // requestContentData is the resource's content: the response body.
            const content = await request.requestContentData().catch(() => null)
            const sent = await request.requestFormData()
            return {
              url: request.url(),
              status: request.statusCode,
              method: request.requestMethod,
              sent,
              body: content?.text ?? null,
            }
          },
        ),
      )
    }, har)
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
}

test('marks forced and delayed answers, exports HAR 1.2 that DevTools reads, and imports it back', async ({
  page,
  baseURL,
}) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.openTab('Network log')
  await fillLog(panels)

  await expect(
    panels.log.getByRole('row', { name: `GET /resources/artefact/${ID} 200, delayed, open in the response viewer` }),
  ).toBeVisible()
  const forced = panels.log.getByRole('row', {
    name: `GET /resources/artefact/${ID} 503, forced, open in the response viewer`,
  })
  await expect(forced).toBeVisible()
  await expect(forced.getByText('forced', { exact: true })).toHaveAttribute('title', 'forced by Prefer: code=503')
  await page.screenshot({ path: test.info().outputPath('network-log-marks.png') })

  const downloading = page.waitForEvent('download')
  await panels.log.getByRole('button', { name: 'Export HAR' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^artefact-mock-.*\.har$/)
  const file = test.info().outputPath('session.har')
  await download.saveAs(file)
  const text = await readFile(file, 'utf8')
  const parsed = Har.safeParse(JSON.parse(text))
  expect(parsed.error?.issues ?? []).toEqual([])
  expect(parsed.data?.log.entries.map((entry) => entry.response.status)).toEqual([200, 503, 201])
  expect(parsed.data?.log.entries[1]?.comment).toBe('forced: forced by Prefer: code=503')
  expect(parsed.data?.log.comment).toBe('All 3 requests the network log holds.')
  await expect(panels.log.getByRole('status')).toHaveText('Exported as HAR 1.2: all 3 requests the network log holds.')

  const inDevTools = await readInDevTools(text)
  expect(inDevTools).toEqual([
    {
      url: `${baseURL}${PREFIX}/artefact/${ID}`,
      status: 200,
      method: 'GET',
      sent: null,
      body: expect.stringContaining('"title":"Reset your password"'),
    },
    {
      url: `${baseURL}${PREFIX}/artefact/${ID}`,
      status: 503,
      method: 'GET',
      sent: null,
      body: '{"errorCode":"503","message":"Service Unavailable"}',
    },
    {
      url: `${baseURL}${PREFIX}/artefactcategory`,
      status: 201,
      method: 'POST',
      sent: '{"name":"HAR check"}',
      body: '{"categoryId":7,"categoryName":"HAR check"}',
    },
  ])

  await panels.log.getByRole('button', { name: 'Clear log' }).click()
  const choosing = page.waitForEvent('filechooser')
  await panels.log.getByRole('button', { name: 'Import HAR' }).click()
  await (await choosing).setFiles(file)
  await expect(panels.log.getByRole('status')).toHaveText(/^Imported 3 from session\.har/)
  const imported = panels.log.getByRole('row', {
    name: `GET /resources/artefact/${ID} 503, forced, open in the response viewer`,
  })
  await expect(imported.getByRole('cell', { name: 'imported' })).toBeVisible()
  await imported.click()
  await expect(page.getByRole('region', { name: 'Response' }).getByLabel('Status', { exact: true })).toContainText(
    '503',
  )
})

test('refuses a file that is not HAR 1.2, saying which field breaks it', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.openTab('Network log')
  const file = test.info().outputPath('broken.har')
  await writeFile(
    file,
    JSON.stringify({
      log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [{ startedDateTime: 'yesterday' }] },
    }),
  )
  const choosing = page.waitForEvent('filechooser')
  await panels.log.getByRole('button', { name: 'Import HAR' }).click()
  await (await choosing).setFiles(file)
  await expect(panels.log.getByRole('status')).toHaveText(
    /^broken\.har: Not a HAR 1\.2 file: log\.entries\.0\.startedDateTime: /,
  )
  await expect(panels.log.getByRole('table')).toHaveCount(0)
})
