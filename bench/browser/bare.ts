import { setupWorker } from 'msw/browser'
import { bareHandlers } from '../bare-handlers.ts'

declare const __BENCH_GET_BYTES__: string

const worker = setupWorker(...bareHandlers(location.origin, __BENCH_GET_BYTES__))

/** Bare msw handlers, started with the same options as `startMockWorker()`. */
export const events = worker.events
export const start = () =>
  worker.start({ onUnhandledFrame: 'bypass', quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } })
export const storedCount = () => 0
