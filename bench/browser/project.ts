import { browserStore as store, startMockWorker, worker } from '../../mocks/browser.ts'

/** The project as it ships: IndexedDB store, loaded before the worker starts. */
export const events = worker.events
export const start = () => startMockWorker()
export const storedCount = () => store.getSnapshot().artefacts.length
/** Settles once every stored artefact is held (the worker answers before: decision 043). */
export const held = () => store.ready
/**
 * Set-up for other benches. Imported statically: in this mode's own build it adds half a
 * kilobyte to the one chunk, where a dynamic import would split the mode into three.
 */
export { fill } from './fill.ts'
