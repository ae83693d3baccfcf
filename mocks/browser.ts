import { setupWorker, type StartOptions } from 'msw/browser'
import { type ControlSnapshot, createControl, type MockControl, type MockSettings } from './control/control.ts'
import { createHandlers } from './handlers/create-handlers.ts'
import { indexedDbPersistence } from './store/indexeddb-persistence.ts'
import { readSideOfDataSet } from './data/read-side.ts'
import { createStoreOf } from './store/core.ts'

/**
 * The browser store: what users create persists in IndexedDB until reset, shared by the tabs of the origin.
 *
 * @example
 * browserStore.getSnapshot().artefacts.length // data set plus what was created
 */
export const browserStore = createStoreOf({ persistence: indexedDbPersistence(), sync: 'broadcast' }, readSideOfDataSet)

/**
 * Steers the service-worker mock (maintenance, quota, rate limit, latency, reset). Not the
 * package root's `control`, which steers the in-memory `handlers` of Node tests.
 *
 * @example
 * browserControl.set({ maintenance: true })
 */
export const browserControl = createControl({ store: browserStore })

/**
 * The msw service worker with the mock's handlers. Prefer `startMockWorker()`.
 *
 * @example
 * await worker.start({ onUnhandledFrame: 'bypass' })
 */
export const worker = setupWorker(...createHandlers({ control: browserControl }))

/**
 * What a test sets on `window.__ARTEFACT_MOCK_INIT__` (before the page's scripts run)
 * for `startMockWorker()` to apply before the worker starts.
 */
export interface MockBridgeInit {
  /** Settings applied before the app's first request. */
  settings?: Partial<MockSettings>
  /** A status the first request that reaches the mock answers. */
  forceNext?: number | null
}

/**
 * `window.__ARTEFACT_MOCK__`: steers the browser mock from outside the app
 * (Playwright's `page.evaluate`, the devtools console). Every value is plain data.
 */
export interface MockBridge {
  /** Changes some settings; throws (and changes nothing) when one is out of range. */
  set(patch: Partial<MockSettings>): void
  /** The next request that reaches the mock answers `status`; null disarms. */
  forceNext(status: number | null): void
  /** Data set restored, counters and forced status cleared, settings back to those at start (init included). */
  reset(): Promise<void>
  snapshot(): ControlSnapshot
}

declare global {
  interface Window {
    __ARTEFACT_MOCK__?: MockBridge
    __ARTEFACT_MOCK_INIT__?: MockBridgeInit
  }
}

/**
 * Applies `window.__ARTEFACT_MOCK_INIT__` to `target` and puts a bridge to it on
 * `window.__ARTEFACT_MOCK__`. `startMockWorker()` calls it; call it yourself only
 * when you start your own worker.
 *
 * @example
 * installMockBridge(browserControl)
 * window.__ARTEFACT_MOCK__?.forceNext(503)
 */
export function installMockBridge(target: MockControl = browserControl): MockBridge {
  const bridge = makeBridge(target)
  window.__ARTEFACT_MOCK__ = bridge
  return bridge
}

/** Applies `window.__ARTEFACT_MOCK_INIT__` to `target` and returns a bridge to it, not yet on `window`. */
function makeBridge(target: MockControl): MockBridge {
  const init = window.__ARTEFACT_MOCK_INIT__
  try {
    if (init?.settings) target.set(init.settings)
    if (init?.forceNext != null) target.forceNext(init.forceNext)
  } catch (error) {
    throw new Error(
      `[artefact-mock] window.__ARTEFACT_MOCK_INIT__ was refused: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const baseline = target.settings
  const bridge: MockBridge = {
    set: (patch) => target.set(patch),
    forceNext: (status) => target.forceNext(status),
    async reset() {
      await target.reset()
      target.set(baseline)
    },
    snapshot: () => target.getSnapshot(),
  }
  return bridge
}

// msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest; each ignores the other's name.
const BYPASS_UNHANDLED = { onUnhandledFrame: 'bypass', onUnhandledRequest: 'bypass' } as const

let started: Promise<void> | null = null

/**
 * msw updates an existing worker registration in the background and leaves that promise
 * unhandled (mswjs/msw#2006): a reload while the update runs rejects it, an uncaught error
 * in the page although the worker in use keeps answering. That one rejection becomes a warning.
 */
let quieted = false
function quietWorkerUpdateFailures(): void {
  if (quieted) return
  quieted = true
  window.addEventListener('unhandledrejection', (event) => {
    const message = event.reason instanceof Error ? event.reason.message : ''
    if (!message.startsWith('Failed to update a ServiceWorker')) return
    event.preventDefault()
    console.warn(`[artefact-mock] ${message} (msw's background update; the worker in use keeps answering)`)
  })
}

/**
 * Applies `window.__ARTEFACT_MOCK_INIT__`, loads the stored records and starts the
 * worker, then exposes `window.__ARTEFACT_MOCK__` (see `installMockBridge`): once it
 * is there, the mock answers.
 * Await it before the app sends its first request (a request sent earlier reaches
 * the real network). Calling it again returns the first call's promise (React
 * StrictMode runs effects twice); after a failed start, a new call tries again.
 *
 * @example
 * await startMockWorker()
 * createRoot(root).render(<App />)
 */
export function startMockWorker(options: StartOptions = {}): Promise<void> {
  started ??= start(options).catch((error: unknown) => {
    started = null
    throw error
  })
  return started
}

async function start(options: StartOptions): Promise<void> {
  // The init applies before the worker starts; the bridge appears once the mock answers,
  // so a test that waits for it (the Playwright fixture does) never races the start.
  const bridge = makeBridge(browserControl)
  quietWorkerUpdateFailures()
  // Every handler awaits store.serving, so loading the stored records and registering the
  // worker can overlap; both are done when this resolves (the artefacts may still be
  // arriving in pages: a GET of one not yet held reads it, decision 043). The worker is
  // asked for first: the store's start builds the data set on this thread meanwhile.
  const registering = worker.start({
    ...BYPASS_UNHANDLED,
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
    ...options,
  })
  await Promise.all([browserStore.serving, registering])
  window.__ARTEFACT_MOCK__ = bridge
}

export { indexedDbPersistence }
