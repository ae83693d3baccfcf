// A page of another origin, in Chromium, tries to steer and wipe the HTTP mode.
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Browser, chromium, type Page } from '@playwright/test'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createControl, type MockControl } from '../mocks/index.ts'
import { type HttpServer, startHttpServer } from './http-server.ts'
import { PUBLISHED_ARTEFACT as ARTEFACT } from '../mocks/testing/support.ts'

const CHROMIUM = '/usr/bin/chromium'

let mock: HttpServer
let control: MockControl
let pages: Server
let pageOrigin: string
let browser: Browser
let page: Page
let kept: string

beforeAll(async () => {
  control = createControl()
  mock = await startHttpServer({ port: 0, control })
  const created = await fetch(`${mock.url}/v3/preview-upcoming/resources/artefact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Made before the attack' }),
  })
  kept = (await created.json()).responseId
  // The attacker's page: another host name and port than the mock's 127.0.0.1.
  pages = createServer((_, res) =>
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<!doctype html><title>elsewhere</title><p>a page of another origin</p>'),
  )
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
  pageOrigin = `http://localhost:${(pages.address() as AddressInfo).port}`
  browser = await chromium.launch(
    existsSync(CHROMIUM)
      ? { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }
      : {},
  )
  page = await browser.newPage()
  await page.goto(pageOrigin)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  pages?.close()
  await mock?.close()
})

/** What a page's script may pass to fetch here (serializable into the page). */
interface PageInit {
  method?: string
  mode?: RequestMode
  headers?: Record<string, string>
  body?: string
}

/** Runs `fetch` in the page; what the page's script could read. */
const fetchFromPage = (url: string, init: PageInit) =>
  page.evaluate(
    async ([url, init]) => {
      try {
        const res = await fetch(url, init)
        return { status: res.status, text: await res.text() }
      } catch (error) {
        return { error: String(error) }
      }
    },
    [url, init] as const,
  )

/** Submits a form from the page (a top-level navigation, no preflight) and returns what the browser then shows. */
async function submitForm(action: string, enctype: string, name: string, value: string) {
  await page.goto(pageOrigin)
  const answered = page.waitForResponse((res) => res.url() === action)
  await page.evaluate(
    ([action, enctype, name, value]) => {
      const form = document.createElement('form')
      Object.assign(form, { method: 'POST', action, enctype })
      const input = Object.assign(document.createElement('input'), { type: 'hidden', name, value })
      form.append(input)
      document.body.append(form)
      form.submit()
    },
    [action, enctype, name, value] as const,
  )
  const res = await answered
  return { status: res.status(), text: await res.text() }
}

test('fetch from a foreign page cannot reset, force or change settings; the mock itself stays reachable', async () => {
  // What the page asked the browser to send, to know each attempt was made.
  const attempted: string[] = []
  page.on('request', (request) => attempted.push(`${request.method()} ${request.url().replace(mock.url, '')}`))

  expect(await fetchFromPage(`${mock.url}/__mock/reset`, { method: 'POST' })).toMatchObject({
    error: expect.stringContaining('Failed to fetch'),
  })
  expect(await fetchFromPage(`${mock.url}/__mock/reset`, { method: 'POST', mode: 'no-cors' })).toEqual({
    status: 0,
    text: '',
  })
  expect(
    await fetchFromPage(`${mock.url}/__mock/force`, { method: 'POST', mode: 'no-cors', body: '{"status":503}' }),
  ).toEqual({ status: 0, text: '' })
  // JSON needs a preflight, which the admin refuses: the PATCH never reaches the server.
  expect(
    await fetchFromPage(`${mock.url}/__mock/settings`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"maintenance":true}',
    }),
  ).toMatchObject({ error: expect.stringContaining('Failed to fetch') })
  expect(attempted.filter((line) => line.includes('/__mock/'))).toEqual([
    'POST /__mock/reset',
    'POST /__mock/reset',
    'POST /__mock/force',
    'PATCH /__mock/settings',
  ])

  const read = await fetchFromPage(`${mock.url}${ARTEFACT}`, {})
  expect(read).toMatchObject({ status: 200, text: expect.stringContaining('Reset your password') })

  expect(control.getSnapshot()).toMatchObject({ settings: { maintenance: false }, forcedNext: null })
  expect((await fetch(`${mock.url}/v3/preview-upcoming/resources/artefact/${kept}`)).status).toBe(200)
}, 30_000)

test('a top-level form POST cannot force a 503 (text/plain spelling JSON) or wipe the data (urlencoded)', async () => {
  const forced = await submitForm(`${mock.url}/__mock/force`, 'text/plain', '{"status":503,"x":"', '"}')
  expect(forced.status).toBe(403)
  expect(JSON.parse(forced.text)).toEqual({ errorCode: '403', message: 'Forbidden' })

  const wiped = await submitForm(`${mock.url}/__mock/reset`, 'application/x-www-form-urlencoded', 'a', 'b')
  expect(wiped.status).toBe(403)

  expect(control.getSnapshot().forcedNext).toBeNull()
  expect((await fetch(`${mock.url}${ARTEFACT}`)).status).toBe(200)
  expect((await fetch(`${mock.url}/v3/preview-upcoming/resources/artefact/${kept}`)).status).toBe(200)
}, 30_000)
