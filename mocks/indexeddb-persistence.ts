import { createStore as createIdbStore, entries } from 'idb-keyval'
import type { Category } from './schemas.ts'
import type { Persistence } from './store.ts'

const ARTEFACT = 'artefact:'
const CATEGORY = 'category:'
/** How many resets the database has seen; every write reads it in its own transaction. */
const GENERATION = 'meta:generation'

type Records = IDBObjectStore

/** Runs `work` in one readwrite transaction and settles with its result once the transaction commits. */
type Work<T> = (generation: number, done: (value: T) => void, guard: (step: () => void) => void) => void

function inTransaction<T>(records: Records, work: Work<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const transaction = records.transaction
    let result: T | undefined
    let failure: unknown = null
    /** Runs one step of the work; an exception aborts the transaction and rejects with it. */
    const guard = (step: () => void) => {
      try {
        step()
      } catch (error) {
        failure = error
        transaction.abort()
      }
    }
    const read = records.get(GENERATION)
    read.onsuccess = () =>
      guard(() =>
        work(
          typeof read.result === 'number' ? read.result : 0,
          (value) => {
            result = value
          },
          guard,
        ),
      )
    transaction.oncomplete = () => resolve(result as T)
    // A full disk or quota error often comes with an empty message: name it.
    transaction.onabort = transaction.onerror = () =>
      reject(failure ?? transaction.error ?? new Error('the IndexedDB transaction was aborted (storage full?)'))
  })
}

/**
 * Persists what users create in IndexedDB (one key per record, written
 * through on every change), so it survives a reload until reset. Each write
 * and each reset is one transaction that reads the reset count, so tabs agree
 * on what a reset wiped.
 *
 * @example
 * const store = createStore({ persistence: indexedDbPersistence() })
 */
export function indexedDbPersistence(databaseName = 'artefact-preview-mock'): Persistence {
  let db: ReturnType<typeof createIdbStore> | undefined
  // Opened on first use, so importing this module touches nothing.
  const open = () => (db ??= createIdbStore(databaseName, 'records'))
  const transact = <T>(work: (records: Records, ...args: Parameters<Work<T>>) => void) =>
    open()('readwrite', (records) => inTransaction<T>(records, (...args) => work(records, ...args)))
  return {
    name: 'IndexedDB',
    async load() {
      const rows = await entries(open())
      const artefacts: unknown[] = []
      const categories: unknown[] = []
      let generation = 0
      for (const [key, value] of rows) {
        if (typeof key !== 'string') continue
        if (key.startsWith(ARTEFACT)) artefacts.push(value)
        else if (key.startsWith(CATEGORY)) categories.push(value)
        else if (key === GENERATION && typeof value === 'number') generation = value
      }
      return { artefacts, categories, generation }
    },
    putArtefact: (record) =>
      transact<number>((records, generation, done) => {
        records.put(record, `${ARTEFACT}${record.artefact.id.toLowerCase()}`)
        done(generation)
      }),
    putCategory: (category) =>
      transact<void>((records) => {
        records.put(category, `${CATEGORY}${category.id}`)
      }),
    clear: () =>
      transact<void>((records, generation) => {
        records.clear()
        records.put(generation + 1, GENERATION)
      }),
    reset: () =>
      transact<number>((records, generation, done) => {
        records.clear()
        records.put(generation + 1, GENERATION)
        done(generation + 1)
      }),
    // IndexedDB runs readwrite transactions over one store one at a time, across tabs too,
    // so the read of the stored ids and the write of the new one cannot interleave with another tab's.
    allocateCategory: (choose) =>
      transact<Category | null>((records, generation, done, guard) => {
        const read = records.getAll(IDBKeyRange.bound(CATEGORY, `${CATEGORY}\uffff`))
        read.onsuccess = () =>
          guard(() => {
            const chosen = choose(read.result, generation)
            if (chosen) records.put(chosen, `${CATEGORY}${chosen.id}`)
            done(chosen)
          })
      }),
  }
}
