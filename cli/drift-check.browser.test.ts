// HAR files and Chromium, both ways: a HAR Chromium records (Playwright's recordHar, as devtools
// exports it) passes through `drift check`, and the record mode's HAR replays in Chromium
// (Playwright's routeFromHAR reads it as any HAR 1.2).
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from '@playwright/test'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { drift } from './drift-command.ts'
import { CATEGORY, PUBLISHED_ARTEFACT, ARTEFACT, proxied } from './test-upstream.ts'

const CHROMIUM = '/usr/bin/chromium'
const dir = mkdtempSync(join(tmpdir(), 'drift-chromium-'))
let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch(
    existsSync(CHROMIUM)
      ? { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }
      : {},
  )
}, 60_000)
afterAll(() => browser?.close())

const check = (file: string) => {
  let stdout = ''
  const status = drift(['check', file], {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: () => true },
  })
  return { status, report: JSON.parse(stdout) as { findings: Array<{ operation: string; kind: string }> } }
}

test('a HAR Chromium recorded of an app talking to the real service passes through drift check', async () => {
  const proxy = await proxied({ mode: 'proxy' }, { drift: ['missing-field'] })
  const har = join(dir, 'chromium.har')
  const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } })
  const page = await context.newPage()
  // A page of the same origin: the app's own calls, each answer read (devtools keep only the bodies read).
  await page.goto(`${proxy.server.url}/__mock/state`)
  const statuses = await page.evaluate(
    async ([artefact, category, published]) => {
      const call = async (path: string, body?: unknown) => {
        const res = await fetch(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        })
        await res.text()
        return res.status
      }
      return [
        await call(artefact, { title: 'From Chromium' }),
        await call(category, { name: 'Chromium' }),
        await call(published),
      ]
    },
    [ARTEFACT, CATEGORY, PUBLISHED_ARTEFACT] as const,
  )
  expect(statuses).toEqual([200, 201, 200])
  await context.close()
  const { status, report } = check(har)
  expect(status).toBe(1)
  expect(report.findings.map((f) => `${f.operation} ${f.kind}`)).toEqual([
    'createArtefact missing',
    'createCategory missing',
    'getArtefact missing',
  ])
  // The same findings the proxy made live.
  expect(proxy.server.drift().findings.map((f) => `${f.operation} ${f.kind}`)).toEqual(
    report.findings.map((f) => `${f.operation} ${f.kind}`),
  )
})

test("the record mode's HAR replays in Chromium (routeFromHAR) with the real service gone", async () => {
  const har = join(dir, 'recorded.har')
  const record = await proxied({ mode: 'record', har }, { drift: ['extra-field'] })
  const real = `${record.upstream.url}${PUBLISHED_ARTEFACT}`
  expect((await record.call('GET', PUBLISHED_ARTEFACT)).status).toBe(200)
  await record.server.close()
  await record.upstream.close()
  const context = await browser.newContext()
  await context.routeFromHAR(har, { notFound: 'abort' })
  const page = await context.newPage()
  const response = await page.goto(real)
  expect(response?.status()).toBe(200)
  expect(JSON.parse((await response?.text()) ?? '').servedBy).toBe('fake-upstream')
  await context.close()
})
