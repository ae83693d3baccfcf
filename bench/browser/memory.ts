import { setupWorker } from 'msw/browser'
import { createControl, createHandlers, createStore } from '../../mocks/index.ts'

// The mock's own handlers over a store without persistence: the handler's cost without storage's.
const store = createStore()
const worker = setupWorker(...createHandlers({ control: createControl({ store }) }))

/** The mock's handlers with a memory store, started with the same options as `startMockWorker()`. */
export const events = worker.events
export const start = async () => {
  await Promise.all([
    store.ready,
    worker.start({ onUnhandledFrame: 'bypass', quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } }),
  ])
}
export const storedCount = () => store.getSnapshot().artefacts.length
