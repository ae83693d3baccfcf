import { createStore as createIdbStore } from 'idb-keyval'
import { type Batch, batchedWrites, GENERATION, storedGeneration, type Write } from './indexeddb-batches.ts'
import { checkCounters, NEXT_CATEGORY_ID, nextCategoryIdAfter, repairCounters } from './indexeddb-counters.ts'
import { type HeldRecord, type RecordSummary, unreadableRecord } from './held-record.ts'
import type { Category } from '../schemas/resources.ts'
import { foldName } from './indexes.ts'
import {
  type ArtefactPage,
  type CategoryInserted,
  type Persistence,
  RECORD_VERSION,
  type StoredValue,
} from './types.ts'

const ARTEFACT = 'artefact:'
const CATEGORY = 'category:'
/** A category's folded name, holding its id: the stored names are unique without reading them all. */
const CATEGORY_NAME = 'category-name:'

/**
 * How an artefact is stored: the store's held record (its JSON text, creation time and summary)
 * with the record version that wrote it. Text, not an object: IndexedDB reads one string back far
 * faster than it rebuilds a nested object, and a load holds the record without parsing it.
 */
interface VersionedArtefact {
  v: number
  json: string
  /** Both absent in a record stored before issue 35 (`at` before issue 14 too). */
  at?: number
  summary?: RecordSummary
}
const isVersioned = (value: unknown): value is VersionedArtefact =>
  typeof value === 'object' && value !== null && 'v' in value && typeof (value as { json?: unknown }).json === 'string'

/**
 * A stored value as the store takes it: the record, and whether this code's version wrote it
 * (then a held record, taken as it is). `key` is the record's key without its prefix (the
 * lowercased id). A record stored without its summary, or by another version, is parsed here
 * and checked by the store.
 */
function readArtefact(value: unknown, key: string): StoredValue {
  if (!isVersioned(value)) return { record: value, current: false }
  const { v, json, at, summary } = value
  if (v === RECORD_VERSION && typeof at === 'number' && typeof summary === 'object' && summary !== null)
    return { record: { key, at, summary, json } satisfies HeldRecord, current: true }
  try {
    return { record: JSON.parse(json), current: false }
  } catch {
    // Text changed by hand: this version's is listed as unreadable until its first read drops and reports it.
    if (v === RECORD_VERSION) return { record: unreadableRecord(key, at ?? 0, json), current: true }
    return { record: { artefact: { id: 'with unreadable text' } }, current: false }
  }
}

/** The artefacts' keys, from `after` (excluded) on. */
const artefactKeys = (after?: string) =>
  IDBKeyRange.bound(after ?? ARTEFACT, `${ARTEFACT}\uffff`, after !== undefined, false)
const categoryKeys = IDBKeyRange.bound(CATEGORY, `${CATEGORY}\uffff`)

/**
 * Stored values split into those this code's version wrote (taken as they are) and the rest
 * (checked). `keys` are the values' keys, in the same order.
 */
function sortValues(
  keys: readonly IDBValidKey[],
  values: readonly unknown[],
): Pick<ArtefactPage, 'artefacts' | 'currentArtefacts'> {
  const artefacts: unknown[] = []
  const currentArtefacts: HeldRecord[] = []
  for (const [index, value] of values.entries()) {
    const { record, current } = readArtefact(value, String(keys[index]).slice(ARTEFACT.length))
    if (current) currentArtefacts.push(record as HeldRecord)
    else artefacts.push(record)
  }
  return { artefacts, currentArtefacts }
}

/** An IndexedDB request as a promise. */
const request = <T>(asked: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    asked.onsuccess = () => resolve(asked.result)
    asked.onerror = () => reject(asked.error)
  })

/**
 * Before the writes of a batch: the category counter, and on its first use in this
 * database (or after a reset, or when it is not a positive whole number) the index of
 * stored names, built from the stored categories.
 */
function prepareCategories(batch: Batch, ready: () => void) {
  const { records } = batch
  const counter = records.get(NEXT_CATEGORY_ID)
  counter.onsuccess = () =>
    batch.guard(() => {
      if (Number.isSafeInteger(counter.result) && counter.result > 0) {
        batch.nextCategoryId = counter.result
        return ready()
      }
      const stored = records.getAll(IDBKeyRange.bound(CATEGORY, `${CATEGORY}\uffff`))
      stored.onsuccess = () =>
        batch.guard(() => {
          for (const raw of stored.result as Array<Partial<Category> | null>) {
            if (Number.isSafeInteger(raw?.id) && typeof raw?.name === 'string')
              records.put(raw.id, `${CATEGORY_NAME}${foldName(raw.name)}`)
          }
          const next = nextCategoryIdAfter(stored.result)
          batch.nextCategoryId = next
          batch.namesRebuilt = true
          records.put(next, NEXT_CATEGORY_ID)
          ready()
        })
    })
}

/**
 * Stores a new category unless a stored one holds its name; the id comes from the stored counter.
 * The name is read as the batch starts, in the same round trip as the counter; read again when
 * the batch rebuilt the index of names after that read was issued.
 */
const insertCategory =
  (request: Parameters<NonNullable<Persistence['insertCategory']>>[0]): Write<CategoryInserted> =>
  (batch, settle) => {
    const { records } = batch
    const nameKey = `${CATEGORY_NAME}${foldName(request.name)}`
    const decide = (holder: unknown) => {
      const claimed = batch.claimedNames.get(nameKey)
      if (claimed !== undefined) return settle({ taken: claimed, generation: batch.generation })
      if (holder !== undefined) {
        const taken = records.get(`${CATEGORY}${holder}`)
        taken.onsuccess = () => settle({ taken: taken.result, generation: batch.generation })
        return
      }
      const id = Math.max(request.floor(batch.generation), batch.nextCategoryId ?? 1)
      const category = request.make(id)
      batch.nextCategoryId = id + 1
      records.put(category, `${CATEGORY}${id}`)
      records.put(id, nameKey)
      records.put(id + 1, NEXT_CATEGORY_ID)
      batch.claimedNames.set(nameKey, category)
      settle({ stored: category, generation: batch.generation })
    }
    const holder = records.get(nameKey)
    holder.onsuccess = () =>
      batch.whenPrepared(() => {
        if (!batch.namesRebuilt) return decide(holder.result)
        const again = records.get(nameKey)
        again.onsuccess = () => batch.guard(() => decide(again.result))
      })
  }

/** Clears every record and counts one more reset. */
const resetWrite: Write<number> = (batch, settle) =>
  batch.whenPrepared(() => {
    batch.records.clear()
    batch.generation += 1
    batch.records.put(batch.generation, GENERATION)
    batch.nextCategoryId = undefined
    settle(batch.generation)
  })

/**
 * Persists what users create in IndexedDB (one key per record), so it survives a
 * reload until reset. Writes share transactions (group commit, see
 * `indexeddb-batches.ts`); each settles once its transaction commits. Every
 * transaction reads the reset count, so tabs agree on what a reset wiped, and
 * category ids and names are taken inside it, so tabs never share one.
 *
 * @example
 * const store = createStore({ persistence: indexedDbPersistence() })
 */
export function indexedDbPersistence(databaseName = 'artefact-preview-mock'): Persistence {
  let db: ReturnType<typeof createIdbStore> | undefined
  // Opened on first use, so importing this module touches nothing.
  const open = () => (db ??= createIdbStore(databaseName, 'records'))
  const enqueue = batchedWrites(open, prepareCategories)
  /**
   * What `read` reads, with the categories and the reset count, in one transaction. Stored
   * counters that are wrong are repaired first, and reported as skipped records are (issue 36).
   */
  const withHead = async <T>(read: (records: IDBObjectStore) => Promise<T>) => {
    const once = () =>
      open()('readonly', (records) =>
        Promise.all([
          read(records),
          request(records.getAll(categoryKeys)),
          request(records.get(GENERATION)),
          request(records.get(NEXT_CATEGORY_ID)),
        ]),
      )
    let [value, categories, generation, nextCategoryId] = await once()
    let skipped: string[] = []
    if (checkCounters(generation, nextCategoryId, categories).reports.length > 0) {
      skipped = await open()('readwrite', (records) => repairCounters(records, categoryKeys))
      ;[value, categories, generation] = await once()
    }
    return { value, head: { categories, generation: storedGeneration(generation), skipped } }
  }
  return {
    name: 'IndexedDB',
    async load() {
      // Keys and values of one range in one transaction come in the same order.
      const { value, head } = await withHead((records) =>
        Promise.all([request(records.getAllKeys(artefactKeys())), request(records.getAll(artefactKeys()))]),
      )
      return { ...sortValues(...value), ...head }
    },
    // The store answers after the head; the artefacts follow a page at a time (decision 043).
    paged: {
      async head() {
        return { artefacts: [], ...(await withHead(async () => undefined)).head }
      },
      async page(after, count) {
        const range = artefactKeys(after)
        // Keys and values of one range in one transaction come in the same order.
        const [keys, values, generation] = await open()('readonly', (records) =>
          Promise.all([
            request(records.getAllKeys(range, count)),
            request(records.getAll(range, count)),
            request(records.get(GENERATION)),
          ]),
        )
        const next = keys.length === count ? String(keys.at(-1)) : undefined
        return { ...sortValues(keys, values), generation: storedGeneration(generation), next }
      },
      async read(id) {
        const value = await open()('readonly', (records) => request(records.get(`${ARTEFACT}${id}`)))
        return value === undefined ? undefined : readArtefact(value, id)
      },
    },
    // Settles with the reset count it was written under (a blind write: see indexeddb-batches.ts).
    putArtefact: ({ key, at, summary, json }) =>
      enqueue<number>(
        (batch) => {
          const stored: VersionedArtefact = { v: RECORD_VERSION, json, at, summary }
          batch.records.put(stored, `${ARTEFACT}${key}`)
        },
        { blind: true },
      ),
    putCategory: (category) =>
      enqueue<void>((batch, settle) =>
        batch.whenPrepared(() => {
          batch.records.put(category, `${CATEGORY}${category.id}`)
          batch.records.put(category.id, `${CATEGORY_NAME}${foldName(category.name)}`)
          if (batch.nextCategoryId !== undefined && category.id >= batch.nextCategoryId) {
            batch.nextCategoryId = category.id + 1
            batch.records.put(batch.nextCategoryId, NEXT_CATEGORY_ID)
          }
          settle(undefined)
        }),
      ),
    clear: () => enqueue<void>((batch, settle) => resetWrite(batch, () => settle(undefined)), { alone: true }),
    reset: () => enqueue<number>(resetWrite, { alone: true }),
    // IndexedDB runs readwrite transactions over one store one at a time, across tabs too,
    // so the check of the name and the take of the id cannot interleave with another tab's.
    insertCategory: (request) => enqueue(insertCategory(request)),
  }
}
