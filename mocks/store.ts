import { buildArtefact } from './artefact/build.ts'
import { checkRules } from './artefact/rules.ts'
import { seedArtefacts } from './data/artefacts.ts'
import { seedCategories } from './data/categories.ts'
import type { SeedArtefact } from './data/types.ts'
import { Category, CreateArtefactRequest, StoredArtefact } from './schemas.ts'
import { broadcastTabSync, TabMessage, type TabSync } from './tab-sync.ts'

/** Where the store writes what users create. The data set itself is never written. */
export interface Persistence {
  /** A name for people: "IndexedDB", "memory". */
  readonly name: string
  load(): Promise<{ artefacts: unknown[]; categories: unknown[] }>
  putArtefact(record: StoredArtefact): Promise<void>
  putCategory(category: Category): Promise<void>
  clear(): Promise<void>
  /**
   * Optional: stores a new category atomically across tabs. Reads the stored
   * categories, hands them to `choose`, and writes what it returns (null writes
   * nothing), all in one transaction that no other tab's can interleave with.
   */
  allocateCategory?(choose: (stored: unknown[]) => Category | null): Promise<Category | null>
}

/** What the store can tell a person about its persistence. */
export interface StoreHealth {
  persistence: string
  /** Stored records that were skipped on load, each with why. */
  skipped: string[]
  /** The last failed load or write, if any. */
  lastError: string | null
}

/** An immutable view for `useSyncExternalStore`; a new object after every change. */
export interface StoreSnapshot {
  artefacts: readonly StoredArtefact[]
  categories: readonly Category[]
  health: StoreHealth
}

export interface Store {
  /** Settles once persisted records are loaded; the handlers await it. */
  readonly ready: Promise<void>
  getArtefact(id: string): StoredArtefact | undefined
  getCategory(id: number): Category | undefined
  findCategoryByName(name: string): Category | undefined
  /** Stores an artefact and waits for it to be written (a failed write is reported, not thrown). */
  addArtefact(record: StoredArtefact): Promise<void>
  /**
   * Stores a new category with the next free id, taken inside the persistence's
   * transaction when it has `allocateCategory` (so tabs never share an id). Rejects
   * with the 422 Response when another tab took the name meanwhile.
   */
  addCategory(name: string, now: string): Promise<Category>
  /** Back to the static data set; persisted records are cleared. */
  reset(): Promise<void>
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

const fold = (name: string) => name.trim().toLowerCase()

/** Builds the data set's artefacts through the same code as a real create. */
export function buildSeed(seeds: readonly SeedArtefact[], categories: readonly Category[]): StoredArtefact[] {
  const byId = new Map(categories.map((category) => [category.id, category]))
  const lookup = {
    getCategory: (id: number) => byId.get(id),
    findCategoryByName: (name: string) => categories.find((c) => fold(c.name) === fold(name)),
  }
  return seeds.map((seed) => {
    const input = CreateArtefactRequest.parse(seed.request)
    const { errors, category } = checkRules(input, lookup)
    if (errors.length > 0) throw new Error(`[artefact-mock] seed ${seed.id} breaks a rule: ${errors.join(' ')}`)
    const { id, dateCreated, dateModified, isDraft } = seed
    return { artefact: buildArtefact(input, { id, dateCreated, dateModified, category }), isDraft }
  })
}

const newestFirst = (a: StoredArtefact, b: StoredArtefact) =>
  Date.parse(b.artefact.dateCreated) - Date.parse(a.artefact.dateCreated)

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The mock's store: a Map per resource, seeded with the static data set.
 *
 * @example
 * const store = createStore() // memory only, for a test
 * const handlers = createHandlers({ store })
 */
export function createStore(options: StoreOptions = {}): Store {
  const { persistence } = options
  const sync = options.sync === 'broadcast' ? broadcastTabSync() : options.sync
  const seedCats = options.seedCategories ?? seedCategories
  const seed = buildSeed(options.seedArtefacts ?? seedArtefacts, seedCats)
  const artefacts = new Map<string, StoredArtefact>()
  const categories = new Map<number, Category>()
  const categoryNames = new Map<string, Category>()
  const listeners = new Set<() => void>()
  const health: StoreHealth = { persistence: persistence?.name ?? 'memory', skipped: [], lastError: null }
  let snapshot: StoreSnapshot | null = null
  let nextCategoryId = 1

  const putCategory = (category: Category) => {
    categories.set(category.id, category)
    categoryNames.set(fold(category.name), category)
    nextCategoryId = Math.max(nextCategoryId, category.id + 1)
  }
  const putArtefact = (record: StoredArtefact) => artefacts.set(record.artefact.id.toLowerCase(), record)

  const seedMaps = () => {
    artefacts.clear()
    categories.clear()
    categoryNames.clear()
    nextCategoryId = 1
    seedCats.forEach(putCategory)
    seed.forEach(putArtefact)
  }

  const changed = () => {
    snapshot = null
    for (const listener of listeners) listener()
  }

  // Set when the load timed out: a blocked database would hold every write, and so every answer.
  let detached = false
  const write = async (task: () => Promise<void>) => {
    if (!persistence || detached) return
    try {
      await task()
    } catch (error) {
      health.lastError = `write failed: ${describe(error)}`
      console.warn(`[artefact-mock] ${health.lastError}`)
      changed()
    }
  }

  /** Takes a category stored or sent by another tab; one already held is no news, a clash is reported. */
  const adoptCategory = (raw: unknown, source: string, report = true) => {
    const skip = (why: string) => {
      if (report) health.skipped.push(`${source}category ${describe((raw as { id?: unknown } | null)?.id)}: ${why}`)
    }
    const parsed = Category.safeParse(raw)
    if (!parsed.success) return skip('does not fit the schema')
    const held = categories.get(parsed.data.id)
    if (held && fold(held.name) === fold(parsed.data.name)) return
    if (held || categoryNames.has(fold(parsed.data.name))) return skip('its id or name is taken')
    putCategory(parsed.data)
  }

  /** A message from another tab: checked with the schemas like a stored record, then applied. */
  const receive = (raw: unknown) => {
    const parsed = TabMessage.safeParse(raw)
    if (!parsed.success) health.skipped.push('message from another tab: does not fit the schema')
    else if (parsed.data.type === 'artefact') putArtefact(parsed.data.record)
    else if (parsed.data.type === 'category') adoptCategory(parsed.data.category, 'from another tab: ')
    else {
      seedMaps()
      health.skipped = []
      health.lastError = null
    }
    changed()
  }

  const load = async () => {
    // Listen before reading, so nothing another tab does meanwhile is missed (duplicates are no news).
    sync?.subscribe(receive)
    if (!persistence) return
    try {
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeoutMs = options.loadTimeoutMs ?? 5000
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          detached = true
          reject(new Error(`no answer in ${timeoutMs} ms (blocked by another tab?); what is created now is not saved`))
        }, timeoutMs)
      })
      const stored = await Promise.race([persistence.load(), timeout]).finally(() => clearTimeout(timer))
      for (const raw of stored.categories) adoptCategory(raw, '')
      for (const raw of stored.artefacts) {
        const parsed = StoredArtefact.safeParse(raw)
        if (parsed.success) putArtefact(parsed.data)
        else health.skipped.push(`artefact ${describe((raw as { artefact?: { id?: unknown } } | null)?.artefact?.id)}: does not fit the schema`)
      }
      if (health.skipped.length > 0) console.warn(`[artefact-mock] skipped ${health.skipped.length} stored record(s) that no longer fit the schema`)
    } catch (error) {
      health.lastError = `load failed, running from memory: ${describe(error)}`
      console.warn(`[artefact-mock] ${health.lastError}`)
    }
    changed()
  }

  seedMaps()
  let loading: Promise<void> | undefined

  return {
    // Loaded on first use, so creating a store does no I/O.
    get ready() {
      return (loading ??= load())
    },
    getArtefact: (id) => artefacts.get(id.toLowerCase()),
    getCategory: (id) => categories.get(id),
    findCategoryByName: (name) => categoryNames.get(fold(name)),
    async addArtefact(record) {
      putArtefact(record)
      changed()
      sync?.post({ type: 'artefact', record })
      await write(() => persistence!.putArtefact(record))
    },
    async addCategory(name, now) {
      const make = (floor = 0): Category => ({ id: Math.max(nextCategoryId, floor), name, dateCreated: now, dateModified: now })
      const allocate = detached ? undefined : persistence?.allocateCategory
      let picked: Category | null | undefined
      let written = false
      if (allocate) {
        await write(async () => {
          // One IndexedDB transaction: what other tabs stored joins the known ids and names before the id is taken.
          await allocate((stored) => {
            // Bad records were reported on load; any stored integer id still keeps its key from being reused.
            for (const raw of stored) adoptCategory(raw, '', false)
            const ids = stored.map((raw) => (raw as { id?: unknown } | null)?.id).filter(Number.isSafeInteger) as number[]
            picked = categoryNames.has(fold(name)) ? null : make(ids.reduce((max, id) => Math.max(max, id), 0) + 1)
            if (picked) putCategory(picked)
            return picked
          })
          written = true
        })
      }
      if (picked === null) {
        changed()
        const taken = categoryNames.get(fold(name))
        if (taken) throw new CategoryNameTaken(taken)
        throw new Error(`[artefact-mock] category ${JSON.stringify(name)} was refused but no category holds the name`)
      }
      const category = picked ?? make()
      if (!picked) putCategory(category)
      // A failed transaction is reported; the plain write is a second chance for the record.
      if (!written) await write(() => persistence!.putCategory(category))
      changed()
      sync?.post({ type: 'category', category })
      return category
    },
    async reset() {
      seedMaps()
      health.skipped = []
      health.lastError = null
      changed()
      sync?.post({ type: 'reset' })
      await write(() => persistence!.clear())
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot() {
      snapshot ??= {
        artefacts: [...artefacts.values()].sort(newestFirst),
        categories: [...categories.values()].reverse(),
        health: { ...health, skipped: [...health.skipped] },
      }
      return snapshot
    },
  }
}
