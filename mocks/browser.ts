import { setupWorker, type StartOptions } from 'msw/browser'
import { createControl } from './control.ts'
import { createHandlers } from './handlers.ts'
import { indexedDbPersistence } from './indexeddb-persistence.ts'
import { createStore } from './store.ts'

/**
 * The browser store: what users create persists in IndexedDB until reset.
 *
 * @example
 * store.getSnapshot().artefacts.length // data set plus what was created
 */
export const store = createStore({ persistence: indexedDbPersistence() })

/**
 * Steers the browser mock (maintenance, quota, rate limit, latency, reset).
 *
 * @example
 * control.set({ maintenance: true })
 */
export const control = createControl({ store })

/**
 * The msw service worker with the mock's handlers. Prefer `startMockWorker()`.
 *
 * @example
 * await worker.start({ onUnhandledFrame: 'bypass' })
 */
export const worker = setupWorker(...createHandlers({ control }))

/**
 * Loads the stored records, then starts the worker. Await it before the app
 * sends its first request (a request sent earlier reaches the real network).
 *
 * @example
 * await startMockWorker()
 * createRoot(root).render(<App />)
 */
export async function startMockWorker(options: StartOptions = {}): Promise<void> {
  await store.ready
  await worker.start({
    onUnhandledFrame: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
    ...options,
  })
}
