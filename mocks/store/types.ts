/**
 * What the store promises and what it needs: the store's interface, its health,
 * the persistence it writes through, and the errors a create can end in.
 */
import type { SeedArtefact } from '../data/types.ts'
import type { Category, StoredArtefact } from '../schemas/resources.ts'
import type { HeldRecord, RecordSummary } from './held-record.ts'
import type { TabSync } from './tab-sync.ts'

/** Where the store writes what users create. The data set itself is never written. */
export interface Persistence {
  /** A name for people: "IndexedDB", "memory". */
  readonly name: string
  /** The stored records, and the generation (resets so far) they belong to, when the persistence counts them. */
  load(): Promise<StoredRecords>
  /**
   * Writes one artefact, as the store holds it: `record.json` is its text, `record.key` its
   * lowercased id. A persistence that counts generations writes it under the
   * stored generation and returns that number, so a writer learns of a reset that
   * another tab made meanwhile (see [decision 033](../docs/decisions/033-nothing-answered-as-stored-is-lost.md)).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a persistence that counts no generations returns nothing
  putArtefact(record: HeldRecord, generation?: number): Promise<number | void>
  putCategory(category: Category): Promise<void>
  clear(): Promise<void>
  /** Optional: clears every record and counts one more generation in one step; returns the new generation. */
  reset?(): Promise<number>
  /**
   * Optional: stores a new category atomically across tabs. Reads the stored
   * categories (and generation), hands them to `choose`, and writes what it returns
   * (null writes nothing), all in one transaction that no other tab's can interleave with.
   */
  allocateCategory?(choose: (stored: unknown[], generation?: number) => Category | null): Promise<Category | null>
  /**
   * Optional, preferred over `allocateCategory`: stores a new category atomically across
   * tabs without reading every stored one. The id is above every id the persistence ever
   * handed out and at least `floor(generation)`; the name must be free among the stored
   * names (compared trimmed and lowercased). Several calls may share one write.
   * Settles with the stored category, or with the stored record that holds the name.
   */
  insertCategory?(request: CategoryInsert): Promise<CategoryInserted>
  /**
   * Optional: a load in two steps, so the mock answers before every stored artefact is
   * read (a reload with thousands stored). When present, the store reads the head
   * (categories and generation) before answering, then the artefacts a page at a time.
   */
  paged?: PagedLoad
}

/** The two-step load of `Persistence.paged`. */
export interface PagedLoad {
  /** The stored categories and the generation, without the artefacts. */
  head(): Promise<StoredRecords>
  /** Up to `count` stored artefacts after the key `after` (from the first when undefined), in key order. */
  page(after: string | undefined, count: number): Promise<ArtefactPage>
  /** One stored artefact, read when a GET asks for an id the store does not hold yet. */
  read(id: string): Promise<StoredValue | undefined>
}

/** One page of stored artefacts, read in one transaction with the generation. */
export interface ArtefactPage extends Required<Pick<StoredRecords, 'artefacts' | 'currentArtefacts' | 'generation'>> {
  /** The key to read on from; undefined after the last page. */
  next: string | undefined
}

/**
 * A stored value as the store takes it: `current` when this code's `RECORD_VERSION` wrote it with
 * its summary (`record` is then a `HeldRecord`, taken as it is); else a raw record the store checks.
 */
export interface StoredValue {
  record: unknown
  current: boolean
}

/** What a persistence loads: raw records (checked by the store) and those it stored under `RECORD_VERSION`. */
export interface StoredRecords {
  artefacts: unknown[]
  categories: unknown[]
  /** Resets so far, when the persistence counts them. */
  generation?: number
  /** Artefacts stored under `RECORD_VERSION` by this code, as the store holds them: taken without a check. */
  currentArtefacts?: readonly HeldRecord[]
  /** What the persistence found wrong and repaired, each with why: reported with the skipped records. */
  skipped?: string[]
}

/** What `Persistence.insertCategory` is asked to store. */
export interface CategoryInsert {
  name: string
  /** The lowest id the store accepts, given the stored generation (the store adopts a newer one first). */
  floor(generation: number): number
  make(id: number): Category
}

/** What `Persistence.insertCategory` did, and the generation it wrote under. */
export type CategoryInserted = { stored: Category; generation: number } | { taken: unknown; generation: number }

/**
 * The version of the shape of stored records. A record stored under this version was
 * built by this code and is not checked again on load; any other is checked with the
 * schemas. Bump it whenever `StoredArtefact` or `Category` changes (a test holds their
 * JSON Schema to this number).
 */
export const RECORD_VERSION = 2

/** What the store can tell a person about its persistence. */
export interface StoreHealth {
  persistence: string
  /**
   * Where created records go: `'memory'` (no persistence configured), `'saved'` (written
   * before a create is answered), `'unsaved'` (the persistence could not be opened: kept
   * in memory, lost on reload, and every create answer says so in `X-Mock-Storage`).
   */
  mode: 'memory' | 'saved' | 'unsaved'
  /** Stored records that were skipped on load, each with why. */
  skipped: string[]
  /** The last failed load or write, if any. */
  lastError: string | null
  /** What failed last: the load (so `mode` is `'unsaved'`), a write (that create was refused), or a reset. */
  lastErrorKind: 'load' | 'write' | 'reset' | null
  /**
   * True while stored artefacts are still being read after the store began answering
   * (`serving`): the snapshot holds part of them, and a GET of one not yet held reads it.
   */
  restoring: boolean
}

/** A data set: the artefacts and categories a store starts from. */
export interface DataSet {
  readonly artefacts: readonly StoredArtefact[]
  readonly categories: readonly Category[]
}

/** An immutable view for `useSyncExternalStore`; a new object after every change. */
export interface StoreSnapshot {
  /** What the explorer lists: each record's summary, and its text (parsed by `getArtefact`). */
  artefacts: readonly HeldRecord[]
  categories: readonly Category[]
  health: StoreHealth
}

export interface Store {
  /** Settles once every persisted record is loaded (after `serving`). */
  readonly ready: Promise<void>
  /**
   * Settles once the store answers every request as stored: the categories and the reset
   * count are read; artefacts not held yet are read one at a time when asked for
   * (`findArtefact`). The handlers await it. Without a paged persistence, the same as `ready`.
   */
  readonly serving: Promise<void>
  /** Where created records go now (`health.mode`), without building a snapshot. */
  readonly mode: StoreHealth['mode']
  /** The artefact held in memory, parsed from its text: while `health.restoring`, a stored one may not be held yet. */
  getArtefact(id: string): StoredArtefact | undefined
  /** What the explorer lists the held artefact by, read without parsing it. */
  getSummary(id: string): RecordSummary | undefined
  /** The artefact as stored: held in memory, or read from the persistence while the rest are still loading. */
  findArtefact(id: string): Promise<StoredArtefact | undefined>
  getCategory(id: number): Category | undefined
  findCategoryByName(name: string): Category | undefined
  /**
   * Stores an artefact once it is written: rejects with `StorageFailed` (and holds
   * nothing) when the persistence cannot write it, so no answer says "stored" in vain.
   */
  addArtefact(record: StoredArtefact): Promise<void>
  /**
   * Stores a new category with the next free id, taken inside the persistence's
   * transaction when it has `allocateCategory` (so tabs never share an id). Rejects
   * with `CategoryNameTaken` when another tab took the name meanwhile, and with
   * `StorageFailed` (holding nothing) when it cannot be written.
   */
  addCategory(name: string, now: string): Promise<Category>
  /**
   * Back to the store's data set in one step across tabs; persisted records are cleared. Given a
   * data set, that becomes the store's data set from then on (a scenario's, contract §12); `null`
   * goes back to the one it was created with. Rejects with `StorageFailed`, changing nothing, when
   * the clear fails.
   */
  reset(base?: DataSet | null): Promise<void>
  /** The data set the store was created with (a fresh copy): what a scenario's data set is made from. */
  baseData(): DataSet
  /** Seeds from `base` (undefined: the data set it was created with) from the next seeding on; for a store not used yet. */
  setBase(base: DataSet | undefined): void
  subscribe(listener: () => void): () => void
  getSnapshot(): StoreSnapshot
}

export interface StoreOptions {
  /** Persist what users create; default: memory only. */
  persistence?: Persistence
  /** The artefacts to start from; default: the static data set. */
  seedArtefacts?: readonly SeedArtefact[]
  /** The categories to start from; default: the static data set. */
  seedCategories?: readonly Category[]
  /**
   * Keep in step with the other tabs of the origin: `'broadcast'` (a
   * BroadcastChannel, where there is one) in the browser, a `TabSync` such as
   * `memoryTabSyncs()` in tests; default: this store alone.
   */
  sync?: TabSync | 'broadcast'
  /**
   * How long to wait for the persisted records (an IndexedDB open blocked by
   * another tab never settles); after that the store runs from memory. Default 5000.
   */
  loadTimeoutMs?: number
}

/**
 * Thrown by `addCategory` when the name is taken, e.g. by another tab a moment ago.
 *
 * @example
 * try { await store.addCategory('Billing', now) } catch (error) { if (error instanceof CategoryNameTaken) error.category.id }
 */
export class CategoryNameTaken extends Error {
  readonly category: Category

  constructor(category: Category) {
    super(`category name ${JSON.stringify(category.name)} is taken by category ${category.id}`)
    this.name = 'CategoryNameTaken'
    this.category = category
  }
}

/** An error's message, or the thrown value as text: what the store's health and warnings say. Internal. */
export const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Thrown when what a create made cannot be kept (storage full, blocked, failed):
 * nothing was stored, and the handlers answer 503 with the reason.
 *
 * @example
 * try { await store.addArtefact(record) } catch (error) { if (error instanceof StorageFailed) error.message }
 */
export class StorageFailed extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'StorageFailed'
  }
}
