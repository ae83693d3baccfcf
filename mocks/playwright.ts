/**
 * A Playwright fixture that steers the browser mock inside the page, one test at a time.
 * It talks to the bridge `startMockWorker()` puts on `window.__ARTEFACT_MOCK__`, and
 * hands start-up settings over in `window.__ARTEFACT_MOCK_INIT__` (an init script).
 * Imports nothing at run time but @playwright/test.
 */
import { test as base, type Page } from '@playwright/test'
import type { MockBridgeInit } from './browser.ts'
import type { ControlSnapshot, MockSettings } from './control/control.ts'
import type { ErrorStatus } from './schemas/status-table.ts'

/** How long a call waits for the page's mock to start. */
const BRIDGE_TIMEOUT_MS = 15_000

/**
 * The page's mock, for one test. Before the first `page.goto` a call is kept for the
 * page's start (applied before the app's first request); afterwards it waits for the
 * mock to run and applies at once.
 */
export interface MockFixture {
  /** Changes some settings (maintenance, retryAfterSeconds, quota, rateLimit, latency, bodyLimitBytes). */
  set(patch: Partial<MockSettings>): Promise<void>
  /** The next request that reaches the mock answers `status` (one of the spec's error statuses); null disarms. */
  forceNext(status: ErrorStatus | null): Promise<void>
  /** Data set restored, counters and forced status cleared, settings back to the test's start. */
  reset(): Promise<void>
  /** The settings and live counters. */
  snapshot(): Promise<ControlSnapshot>
}

/** Test options of the fixture, set with `test.use()`. */
export interface MockOptions {
  /** Settings the mock starts with in this test (or describe block), before the app's first request. */
  mockSettings: Partial<MockSettings>
}

function mergeInit(patch: MockBridgeInit): void {
  const init = window.__ARTEFACT_MOCK_INIT__ ?? {}
  window.__ARTEFACT_MOCK_INIT__ = {
    settings: { ...init.settings, ...patch.settings },
    forceNext: 'forceNext' in patch ? patch.forceNext : init.forceNext,
  }
}

const beforeFirstLoad = (page: Page) => page.url() === 'about:blank'

async function waitForBridge(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => window.__ARTEFACT_MOCK__ !== undefined, undefined, { timeout: BRIDGE_TIMEOUT_MS })
  } catch {
    throw new Error(
      '[artefact-mock] window.__ARTEFACT_MOCK__ did not appear: does this page start the mock with startMockWorker() from artefact-preview-mock/browser?',
    )
  }
}

function createMockFixture(page: Page): MockFixture {
  return {
    async set(patch) {
      if (beforeFirstLoad(page)) {
        await page.addInitScript(mergeInit, { settings: patch })
        return
      }
      await waitForBridge(page)
      await page.evaluate((next) => window.__ARTEFACT_MOCK__!.set(next), patch)
    },
    async forceNext(status) {
      if (beforeFirstLoad(page)) {
        await page.addInitScript(mergeInit, { forceNext: status })
        return
      }
      await waitForBridge(page)
      await page.evaluate((next) => window.__ARTEFACT_MOCK__!.forceNext(next), status)
    },
    async reset() {
      await waitForBridge(page)
      await page.evaluate(() => window.__ARTEFACT_MOCK__!.reset())
    },
    async snapshot() {
      await waitForBridge(page)
      return page.evaluate(() => window.__ARTEFACT_MOCK__!.snapshot())
    },
  }
}

/**
 * Playwright's `test` with the `mock` fixture and the `mockSettings` option. Every page
 * starts its mock with `mockSettings`; after each test the mock is reset.
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
 * test.describe('under maintenance from the start', () => {
 *   test.use({ mockSettings: { maintenance: true } })
 *   test('the first request is already 503', async ({ page }) => { ... })
 * })
 */
export const test = base.extend<MockOptions & { mock: MockFixture }>({
  mockSettings: [{}, { option: true }],
  page: async ({ page, mockSettings }, use) => {
    if (Object.keys(mockSettings).length > 0) await page.addInitScript(mergeInit, { settings: mockSettings })
    await use(page)
    // Back to normal for whatever runs next in this page (a shared page, a kept storage state).
    if (!page.isClosed() && !beforeFirstLoad(page)) {
      await page.evaluate(() => window.__ARTEFACT_MOCK__?.reset()).catch(() => undefined)
    }
  },
  mock: async ({ page }, use) => {
    await use(createMockFixture(page))
  },
})

/**
 * Playwright's `expect`, re-exported so a spec needs one import.
 *
 * @example
 * import { expect, test } from 'artefact-preview-mock/playwright'
 */
export { expect } from '@playwright/test'
