/**
 * A Playwright fixture that steers the mock one test at a time. In the browser it talks to the
 * bridge `startMockWorker()` puts on `window.__ARTEFACT_MOCK__`, and hands start-up settings and
 * the scenario over in `window.__ARTEFACT_MOCK_INIT__` (an init script). Given `mockServer`, it
 * steers that HTTP-mode server through its admin paths instead, in a scope of the test's own
 * (`X-Mock-Scope`, contract §12). Imports nothing at run time but @playwright/test.
 */
import {
  type APIRequestContext,
  type APIResponse,
  test as base,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test'
import type { MockBridgeInit } from './browser.ts'
import type { ControlSnapshot, MockSettings } from './control/control.ts'
import type { ErrorStatus } from './schemas/status-table.ts'

/** How long a call waits for the page's mock to start. */
const BRIDGE_TIMEOUT_MS = 15_000

/**
 * The mock of one test. In the browser, a call made before the first `page.goto` is kept for
 * the page's start (applied before the app's first request); afterwards it waits for the mock
 * to run and applies at once. Under `mockServer`, every call goes to the server, in this test's scope.
 */
export interface MockFixture {
  /** Changes some settings (maintenance, retryAfterSeconds, quota, rateLimit, latency, bodyLimitBytes). */
  set(patch: Partial<MockSettings>): Promise<void>
  /** The next request that reaches the mock answers `status` (one of the spec's error statuses); null disarms. */
  forceNext(status: ErrorStatus | null): Promise<void>
  /** Back to the test's start: the scenario's data set, counters and forced status cleared, its settings with `mockSettings` on top, the clock's advances undone. */
  reset(): Promise<void>
  /** The settings, live counters and the scenario in use. */
  snapshot(): Promise<ControlSnapshot>
  /** Replaces the whole state with a scenario's (what was created is gone); fails naming the known ids for an unknown one. */
  useScenario(id: string): Promise<void>
  /** The mock's clock: `advance(60_000)` ends a rate-limit window without waiting; `reset()` undoes it. */
  clock: { advance(ms: number): Promise<void> }
  /** Under `mockServer`, this test's `X-Mock-Scope`, for clients the fixture does not reach (a server of your app); else null. */
  readonly scope: string | null
}

/** Test options of the fixture, set with `test.use()`. */
export interface MockOptions {
  /** Settings the mock starts with in this test (or describe block), before the app's first request. */
  mockSettings: Partial<MockSettings>
  /** The scenario the mock starts in (contract §12), before the app's first request; an unknown id fails the test. */
  mockScenario: string | undefined
  /**
   * An HTTP-mode server (`npx artefact-preview-mock serve`) the app talks to, e.g.
   * `http://127.0.0.1:8787`. The fixture then steers it through its admin paths, and sends
   * `X-Mock-Scope` with the admin calls and the page's requests to it: each test has a store,
   * counters, settings and scenario of its own, dropped when it ends.
   */
  mockServer: string | undefined
  /** The server's admin token (`serve --admin-token`), where it needs one. */
  mockServerToken: string | undefined
}

// UnknownScenario's words, thrown by the start or shown by a page (the explorer's banner).
const REFUSED = /no scenario has the id "[^"\n]*"; known: [^\n]*/

function mergeInit(patch: MockBridgeInit): void {
  const init = window.__ARTEFACT_MOCK_INIT__ ?? {}
  window.__ARTEFACT_MOCK_INIT__ = {
    scenario: patch.scenario ?? init.scenario,
    settings: { ...init.settings, ...patch.settings },
    forceNext: 'forceNext' in patch ? patch.forceNext : init.forceNext,
  }
}

const beforeFirstLoad = (page: Page) => page.url() === 'about:blank'

/** The page's refusal of its scenario, if it shows or throws one (a start that rejected never puts the bridge up). */
async function refusalIn(page: Page, errors: readonly string[]): Promise<string | null> {
  const shown = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '')
  const refused = [...errors, shown].map((text) => REFUSED.exec(text)?.[0]).find(Boolean)
  return refused ? `[artefact-mock] the page refused its scenario: ${refused}` : null
}

async function waitForBridge(page: Page, errors: readonly string[]): Promise<void> {
  const deadline = Date.now() + BRIDGE_TIMEOUT_MS
  while (!(await page.evaluate(() => window.__ARTEFACT_MOCK__ !== undefined).catch(() => false))) {
    const refused = await refusalIn(page, errors)
    if (refused) throw new Error(refused)
    if (Date.now() > deadline)
      throw new Error(
        '[artefact-mock] window.__ARTEFACT_MOCK__ did not appear: does this page start the mock with startMockWorker() from artefact-preview-mock/browser?',
      )
    await page.waitForTimeout(50)
  }
}

async function switchScenario(page: Page, id: string, ready: () => Promise<void>): Promise<void> {
  if (beforeFirstLoad(page)) {
    await page.addInitScript(mergeInit, { scenario: id })
    return
  }
  await ready()
  await page.evaluate((next) => window.__ARTEFACT_MOCK__!.useScenario(next), id)
}

function browserMock(page: Page, errors: readonly string[]): MockFixture {
  const ready = () => waitForBridge(page, errors)
  return {
    scope: null,
    async set(patch) {
      if (beforeFirstLoad(page)) {
        await page.addInitScript(mergeInit, { settings: patch })
        return
      }
      await ready()
      await page.evaluate((next) => window.__ARTEFACT_MOCK__!.set(next), patch)
    },
    async forceNext(status) {
      if (beforeFirstLoad(page)) {
        await page.addInitScript(mergeInit, { forceNext: status })
        return
      }
      await ready()
      await page.evaluate((next) => window.__ARTEFACT_MOCK__!.forceNext(next), status)
    },
    async reset() {
      await ready()
      await page.evaluate(() => window.__ARTEFACT_MOCK__!.reset())
    },
    async snapshot() {
      await ready()
      return page.evaluate(() => window.__ARTEFACT_MOCK__!.snapshot())
    },
    useScenario: (id) => switchScenario(page, id, ready),
    clock: {
      async advance(ms) {
        await ready()
        await page.evaluate((by) => window.__ARTEFACT_MOCK__!.clock.advance(by), ms)
      },
    },
  }
}

/** The admin answer's JSON, or an error naming the call and the server's reason. */
async function admitted(call: string, answer: Promise<APIResponse>): Promise<unknown> {
  const response = await answer
  if (response.ok()) return response.json()
  const reason = response.headers()['x-mock-reason'] ?? (await response.text())
  throw new Error(`[artefact-mock] ${call} answered ${response.status()}: ${reason}`)
}

function serverMock(admin: APIRequestContext, scope: string, atStart: Partial<MockSettings>): MockFixture {
  const set = async (patch: Partial<MockSettings>) => {
    await admitted('PATCH /__mock/settings', admin.patch('/__mock/settings', { data: patch }))
  }
  return {
    scope,
    set,
    async forceNext(status) {
      await admitted('POST /__mock/force', admin.post('/__mock/force', { data: { status } }))
    },
    async reset() {
      await admitted('POST /__mock/reset', admin.post('/__mock/reset'))
      if (Object.keys(atStart).length > 0) await set(atStart)
    },
    async snapshot() {
      const state = (await admitted('GET /__mock/state', admin.get('/__mock/state'))) as ControlSnapshot
      const { settings, quotaUsed, rateWindow, forcedNext, scenario } = state
      return { settings, quotaUsed, rateWindow, forcedNext, scenario }
    },
    async useScenario(id) {
      await admitted('PUT /__mock/scenario', admin.put('/__mock/scenario', { data: { id } }))
    },
    clock: {
      async advance(ms) {
        await admitted('POST /__mock/clock', admin.post('/__mock/clock', { data: { advanceMs: ms } }))
      },
    },
  }
}

/** A test's scope on `mockServer`: its name, the mock that steers it, and `close()` that drops it. */
interface ServerScope {
  origin: string
  scope: string
  mock: MockFixture
  close(): Promise<void>
}

interface Internal {
  /** This test's scope on `mockServer`; null in the browser. */
  _mockServerScope: ServerScope | null
}

/** Opens a scope of this test's own on the server, in `mockScenario` with `mockSettings` on top. */
async function openScope(
  playwright: PlaywrightWorkerArgs['playwright'],
  testId: string,
  options: MockOptions & { mockServer: string },
): Promise<ServerScope> {
  const { mockServer, mockServerToken, mockScenario, mockSettings } = options
  const origin = new URL(mockServer).origin
  // Unique across workers, retries and two runs sharing one server; a token the header accepts.
  const scope = `pw-${testId}-${crypto.randomUUID().slice(0, 8)}`
  const admin = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: {
      'X-Mock-Scope': scope,
      ...(mockServerToken !== undefined && { Authorization: `Bearer ${mockServerToken}` }),
    },
  })
  const close = async () => {
    // The server may have stopped before the test's end: nothing is left to drop then.
    await admin.delete('/__mock/scope').catch(() => undefined)
    await admin.dispose()
  }
  const mock = serverMock(admin, scope, mockSettings)
  try {
    // biome-ignore lint/correctness/useHookAtTopLevel: the control's method (contract §12), not a React hook.
    if (mockScenario !== undefined) await mock.useScenario(mockScenario)
    if (Object.keys(mockSettings).length > 0) await mock.set(mockSettings)
  } catch (error) {
    await close()
    throw error
  }
  return { origin, scope, mock, close }
}

/** What each page threw or logged about a refused scenario. */
const refusals = new WeakMap<Page, string[]>()

/**
 * Playwright's `test` with the `mock` fixture and the `mockSettings`, `mockScenario` and
 * `mockServer` options. Every page starts its mock in `mockScenario` with `mockSettings` on
 * top; after each test the mock is reset (the browser) or the test's scope dropped (`mockServer`).
 *
 * @example
 * import { expect, test } from 'artefact-preview-mock/playwright'
 *
 * test('shows the maintenance notice', async ({ page, mock }) => {
 *   await page.goto('/')
 *   await mock.set({ maintenance: true })
 *   await page.getByRole('button', { name: 'Load' }).click()
 *   await expect(page.getByText('503')).toBeVisible()
 * })
 *
 * test.describe('a new customer', () => {
 *   test.use({ mockScenario: 'empty' })
 *   test('sees no artefacts', async ({ page, mock }) => { ... })
 * })
 */
export const test = base.extend<MockOptions & { mock: MockFixture } & Internal>({
  mockSettings: [{}, { option: true }],
  mockScenario: [undefined, { option: true }],
  mockServer: [undefined, { option: true }],
  mockServerToken: [undefined, { option: true }],
  _mockServerScope: async ({ mockServer, mockServerToken, mockScenario, mockSettings, playwright }, use, info) => {
    const server =
      mockServer === undefined
        ? null
        : await openScope(playwright, info.testId, { mockServer, mockServerToken, mockScenario, mockSettings })
    try {
      await use(server)
    } finally {
      await server?.close()
    }
  },
  context: async ({ context, _mockServerScope: server }, use) => {
    // The page's requests to the server carry the scope; requests to any other origin are left alone.
    if (server)
      await context.route(
        (url) => url.origin === server.origin,
        (route) => route.fallback({ headers: { ...route.request().headers(), 'x-mock-scope': server.scope } }),
      )
    await use(context)
  },
  page: async ({ page, mockSettings, mockScenario, _mockServerScope: server }, use) => {
    if (server) return use(page)
    const errors: string[] = []
    refusals.set(page, errors)
    const keep = (text: string) => REFUSED.test(text) && errors.push(text)
    page.on('pageerror', (error) => keep(error.message))
    page.on('console', (message) => keep(message.text()))
    const init = { settings: mockSettings, ...(mockScenario !== undefined && { scenario: mockScenario }) }
    if (Object.keys(mockSettings).length > 0 || mockScenario !== undefined) await page.addInitScript(mergeInit, init)
    await use(page)
    if (page.isClosed() || beforeFirstLoad(page)) return
    // A scenario the page refused fails the test, whatever the test looked at.
    if (mockScenario !== undefined)
      await waitForBridge(page, errors).catch((error: Error) => {
        if (REFUSED.test(error.message)) throw error
      })
    // Back to normal for whatever runs next in this page (a shared page, a kept storage state).
    await page.evaluate(() => window.__ARTEFACT_MOCK__?.reset()).catch(() => undefined)
  },
  mock: async ({ page, _mockServerScope: server }, use) => {
    await use(server ? server.mock : browserMock(page, refusals.get(page) ?? []))
  },
})

/**
 * Playwright's `expect`, re-exported so a spec needs one import.
 *
 * @example
 * import { expect, test } from 'artefact-preview-mock/playwright'
 */
export { expect } from '@playwright/test'
