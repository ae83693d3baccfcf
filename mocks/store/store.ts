import { seedArtefacts } from '../data/artefacts.ts'
import { buildSeed } from '../data/build-seed.ts'
import { readSideOfDataSet } from '../data/read-side.ts'
import { createStoreOf } from './core.ts'
import type { Store, StoreOptions } from './types.ts'

export { buildSeed } from '../data/build-seed.ts'
export type { HeldRecord, RecordSummary } from './held-record.ts'
export {
  type CategoryInsert,
  type CategoryInserted,
  CategoryNameTaken,
  type Persistence,
  RECORD_VERSION,
  StorageFailed,
  type Store,
  type StoreHealth,
  type StoreOptions,
  type StoreSnapshot,
} from './types.ts'

/**
 * The mock's store: a Map per resource, seeded with the static data set.
 *
 * @example
 * const store = createStore() // memory only, for a test
 * const handlers = createHandlers({ store })
 */
export function createStore(options: StoreOptions = {}): Store {
  // The built-in data set comes built (mocks/data/read-side.ts, decision 044): a page's start runs
  // no build code. A data set of the caller's own is built on first use, through a real create's code.
  const custom = options.seedArtefacts || options.seedCategories
  return createStoreOf(
    options,
    custom ? (categories) => buildSeed(options.seedArtefacts ?? seedArtefacts, categories) : readSideOfDataSet,
  )
}
