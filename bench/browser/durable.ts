import { createStore, set } from 'idb-keyval'
import { setupWorker } from 'msw/browser'
import { bareHandlers } from '../bare-handlers.ts'

declare const __BENCH_GET_BYTES__: string

// The least a mock can do that answers a create only once it is stored across a reload
// (decision 033): one IndexedDB readwrite transaction per create, answered when it commits.
const records = createStore('bench-storage-floor', 'records')
const worker = setupWorker(
  ...bareHandlers(location.origin, __BENCH_GET_BYTES__, (key, value) => set(key, value, records)),
)

/** Bare msw handlers plus one awaited IndexedDB write per create: the storage floor. */
export const events = worker.events
export const start = () =>
  worker.start({ onUnhandledFrame: 'bypass', quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } })
export const storedCount = () => 0
