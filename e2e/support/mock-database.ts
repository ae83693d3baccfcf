import type { Page } from '@playwright/test'

/** The browser mock's IndexedDB database and object store (idb-keyval, mocks/store/indexeddb-persistence.ts). */
export const MOCK_DATABASE = 'artefact-preview-mock'
export const MOCK_OBJECT_STORE = 'records'

/** Writes raw values under raw keys into the mock's database, as another version or a bug might have. */
export async function writeStoredRecords(page: Page, records: Array<[string, unknown]>): Promise<void> {
  await page.evaluate(
    ({ database, objectStore, records }) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open(database)
        opening.onerror = () => reject(opening.error)
        opening.onsuccess = () => {
          const db = opening.result
          const tx = db.transaction(objectStore, 'readwrite')
          for (const [key, value] of records) tx.objectStore(objectStore).put(value, key)
          tx.oncomplete = () => {
            db.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
    { database: MOCK_DATABASE, objectStore: MOCK_OBJECT_STORE, records },
  )
}

/** Init scripts that take IndexedDB away from the page, each the way a browser can. */
export const INDEXEDDB_FAULTS = {
  /** `indexedDB.open` throws, as in some private windows and locked-down profiles. */
  'open throws': () => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError')
    }
  },
  /** No `indexedDB` at all, as in old embedded web views. */
  'indexedDB missing': () => {
    Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true })
  },
  /**
   * Blocked: this page holds a connection and never honours `versionchange`, and a
   * deleteDatabase waits behind it; every later open queues behind the delete and never settles.
   */
  'open blocked': () => {
    const holding = indexedDB.open('artefact-preview-mock')
    holding.onsuccess = () => {
      holding.result.onversionchange = () => {}
    }
    indexedDB.deleteDatabase('artefact-preview-mock')
  },
} satisfies Record<string, () => void>

/** Init script: every write to IndexedDB fails (quota exceeded), reads still work. */
export function failWrites(): void {
  IDBObjectStore.prototype.put = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }
}
