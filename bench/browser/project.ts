import { browserStore as store, startMockWorker, worker } from '../../mocks/browser.ts'

/** The project as it ships: IndexedDB store, loaded before the worker starts. */
export const events = worker.events
export const start = () => startMockWorker()
export const storedCount = () => store.getSnapshot().artefacts.length
/** Set-up for other benches: loaded only when called, so the timed start does not carry it. */
export const fill = async (count: number) => (await import('./fill.ts')).fill(count)
