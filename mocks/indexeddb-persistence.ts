import { clear, createStore as createIdbStore, entries, set } from 'idb-keyval'
import type { Category } from './schemas.ts'
import type { Persistence } from './store.ts'

const ARTEFACT = 'artefact:'
const CATEGORY = 'category:'

/**
 * Persists what users create in IndexedDB (one key per record, written
 * through on every change), so it survives a reload until reset.
 *
 * @example
 * const store = createStore({ persistence: indexedDbPersistence() })
 */
export function indexedDbPersistence(databaseName = 'artefact-preview-mock'): Persistence {
  let db: ReturnType<typeof createIdbStore> | undefined
  // Opened on first use, so importing this module touches nothing.
  const open = () => (db ??= createIdbStore(databaseName, 'records'))
  return {
    name: 'IndexedDB',
    async load() {
      const rows = await entries(open())
      const artefacts: unknown[] = []
      const categories: unknown[] = []
      for (const [key, value] of rows) {
        if (typeof key !== 'string') continue
        if (key.startsWith(ARTEFACT)) artefacts.push(value)
        else if (key.startsWith(CATEGORY)) categories.push(value)
      }
      return { artefacts, categories }
    },
    putArtefact: (record) => set(`${ARTEFACT}${record.artefact.id.toLowerCase()}`, record, open()),
    putCategory: (category) => set(`${CATEGORY}${category.id}`, category, open()),
    clear: () => clear(open()),
    // IndexedDB runs readwrite transactions over one store one at a time, across tabs too,
    // so the read of the stored ids and the write of the new one cannot interleave with another tab's.
    allocateCategory: (choose) =>
      open()('readwrite', (records) => new Promise<Category | null>((resolve, reject) => {
        const transaction = records.transaction
        let chosen: Category | null = null
        let failure: unknown = null
        const read = records.getAll(IDBKeyRange.bound(CATEGORY, `${CATEGORY}\uffff`))
        read.onsuccess = () => {
          try {
            chosen = choose(read.result)
            if (chosen) records.put(chosen, `${CATEGORY}${chosen.id}`)
          } catch (error) {
            failure = error
            transaction.abort()
          }
        }
        transaction.oncomplete = () => resolve(chosen)
        transaction.onabort = transaction.onerror = () => reject(failure ?? transaction.error ?? new Error('transaction aborted'))
      })),
  }
}
