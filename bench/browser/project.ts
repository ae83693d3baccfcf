import { startMockWorker, store, worker } from '../../mocks/browser.ts'

/** The project as it ships: IndexedDB store, loaded before the worker starts. */
export const events = worker.events
export const start = () => startMockWorker()
export const storedCount = () => store.getSnapshot().artefacts.length
