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
  /** The stored records, and the generation (resets so far) they belong to, when the persistence counts them. */
  load(): Promise<{ artefacts: unknown[]; categories: unknown[]; generation?: number }>
  /**
   * Writes one artefact. A persistence that counts generations writes it under the
   * stored generation and returns that number, so a writer learns of a reset that
   * another tab made meanwhile (see [decision 033](../docs/decisions/033-nothing-answered-as-stored-is-lost.md)).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a persistence that counts no generations returns nothing
  putArtefact(record: StoredArtefact, generation?: number): Promise<number | void>
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
}

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
  /** Where created records go now (`health.mode`), without building a snapshot. */
  readonly mode: StoreHealth['mode']
  getArtefact(id: string): StoredArtefact | undefined
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
  /** Back to the static data set in one step across tabs; persisted records are cleared. Rejects with `StorageFailed`, changing nothing, when the clear fails. */
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

/** Where `at` (epoch ms) goes in `times`, kept newest first; equal times keep their arrival order. */
function insertionIndex(times: readonly number[], at: number): number {
  let low = 0
  let high = times.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((times[middle] ?? 0) >= at) low = middle + 1
    else high = middle
  }
  return low
}

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
  const health: StoreHealth = {
    persistence: persistence?.name ?? 'memory',
    mode: persistence ? 'saved' : 'memory',
    skipped: [],
    lastError: null,
    lastErrorKind: null,
  }
  let snapshot: StoreSnapshot | null = null
  let nextCategoryId = 1

  const putCategory = (category: Category) => {
    categories.set(category.id, category)
    categoryNames.set(fold(category.name), category)
    nextCategoryId = Math.max(nextCategoryId, category.id + 1)
  }
  // Newest first, kept in order on every put, so a snapshot copies instead of sorting (and parsing dates) again.
  const ordered: StoredArtefact[] = []
  const orderedTimes: number[] = []
  const putArtefact = (record: StoredArtefact) => {
    const key = record.artefact.id.toLowerCase()
    const held = artefacts.get(key)
    if (held) {
      const index = ordered.indexOf(held)
      ordered.splice(index, 1)
      orderedTimes.splice(index, 1)
    }
    const at = Date.parse(record.artefact.dateCreated)
    const index = insertionIndex(orderedTimes, at)
    ordered.splice(index, 0, record)
    orderedTimes.splice(index, 0, at)
    artefacts.set(key, record)
  }

  const seedMaps = () => {
    artefacts.clear()
    ordered.length = 0
    orderedTimes.length = 0
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

  // Set when the load failed or timed out: a blocked database would hold every write, and so every
  // answer; the store then keeps what is created in memory and says so (health.mode 'unsaved').
  let detached = false
  // Resets so far, as the persistence (or the tabs' messages) count them: a record or
  // message of an older generation was wiped by a reset and is never applied.
  let generation = 0

  const failed = (what: 'write' | 'reset', error: unknown): StorageFailed => {
    health.lastError = `${what} failed: ${describe(error) || 'no reason given (storage full or blocked?)'}`
    health.lastErrorKind = what
    console.warn(`[artefact-mock] ${health.lastError}`)
    changed()
    return new StorageFailed(`${health.lastError}; nothing was stored`)
  }

  /** Another tab reset the store (generation `next`): drop what was created before it. */
  const adoptReset = (next: number) => {
    generation = next
    seedMaps()
    health.skipped = []
    if (health.lastErrorKind !== 'load') {
      health.lastError = null
      health.lastErrorKind = null
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

  /** A message from another tab: checked with the schemas like a stored record, then applied in generation order. */
  const receive = (raw: unknown) => {
    const parsed = TabMessage.safeParse(raw)
    if (!parsed.success) {
      health.skipped.push('message from another tab: does not fit the schema')
      return changed()
    }
    const message = parsed.data
    const at = message.generation ?? generation
    if (message.type === 'reset') {
      if (message.generation === undefined || at > generation) adoptReset(Math.max(at, generation + 1))
      return changed()
    }
    if (at < generation) return // made before a reset this tab already applied
    if (at > generation) adoptReset(at) // its reset's own message is still on the way
    if (message.type === 'artefact') putArtefact(message.record)
    else adoptCategory(message.category, 'from another tab: ')
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
      generation = Math.max(generation, stored.generation ?? 0)
      for (const raw of stored.categories) adoptCategory(raw, '')
      for (const raw of stored.artefacts) {
        const parsed = StoredArtefact.safeParse(raw)
        if (parsed.success) putArtefact(parsed.data)
        else
          health.skipped.push(
            `artefact ${describe((raw as { artefact?: { id?: unknown } } | null)?.artefact?.id)}: does not fit the schema`,
          )
      }
      if (health.skipped.length > 0)
        console.warn(`[artefact-mock] skipped ${health.skipped.length} stored record(s) that no longer fit the schema`)
    } catch (error) {
      detached = true
      health.mode = 'unsaved'
      health.lastErrorKind = 'load'
      health.lastError = `load failed, running from memory: ${describe(error)}`
      console.warn(`[artefact-mock] ${health.lastError}`)
    }
    changed()
  }

  const pendingNames = new Map<string, Promise<void>>()

  /** A new category: its id taken in one transaction with the stored ones when the persistence can, else after the held ones. */
  const allocateCategory = async (name: string, now: string): Promise<Category | null> => {
    const make = (floor = 0): Category => ({
      id: Math.max(nextCategoryId, floor),
      name,
      dateCreated: now,
      dateModified: now,
    })
    if (!persistence) {
      if (categoryNames.has(fold(name))) return null
      const category = make()
      putCategory(category)
      return category
    }
    if (persistence.allocateCategory && !detached) {
      try {
        // One IndexedDB transaction: what other tabs stored joins the known ids and names before the id is taken.
        return await persistence.allocateCategory((stored, storedGeneration = generation) => {
          if (storedGeneration > generation) adoptReset(storedGeneration)
          // Bad records were reported on load; any stored integer id still keeps its key from being reused.
          for (const raw of stored) adoptCategory(raw, '', false)
          const ids = stored.map((raw) => (raw as { id?: unknown } | null)?.id).filter(Number.isSafeInteger) as number[]
          if (categoryNames.has(fold(name))) return null
          const category = make(ids.reduce((max, id) => Math.max(max, id), 0) + 1)
          putCategory(category)
          return category
        })
      } catch (error) {
        // choose() may have held the category before the transaction failed: let go of it.
        const held = categoryNames.get(fold(name))
        if (held && held.dateCreated === now && held.name === name) {
          categories.delete(held.id)
          categoryNames.delete(fold(name))
        }
        throw failed('write', error)
      }
    }
    // The same name being written a moment ago: its outcome decides this one.
    const pending = pendingNames.get(fold(name))
    if (pending) {
      await pending.catch(() => undefined)
      return allocateCategory(name, now)
    }
    if (categoryNames.has(fold(name))) return null
    // Reserve the id and the name before waiting for the write, so creates at the same moment differ.
    const category = make()
    nextCategoryId = category.id + 1
    const writing = detached ? Promise.resolve() : persistence.putCategory(category)
    pendingNames.set(fold(name), writing)
    try {
      await writing
    } catch (error) {
      // Give the id back unless a later create reserved the next one meanwhile.
      if (nextCategoryId === category.id + 1) nextCategoryId = category.id
      throw failed('write', error)
    } finally {
      pendingNames.delete(fold(name))
    }
    putCategory(category)
    return category
  }

  seedMaps()
  let loading: Promise<void> | undefined

  return {
    // Loaded on first use, so creating a store does no I/O.
    get ready() {
      return (loading ??= load())
    },
    get mode() {
      return health.mode
    },
    getArtefact: (id) => artefacts.get(id.toLowerCase()),
    getCategory: (id) => categories.get(id),
    findCategoryByName: (name) => categoryNames.get(fold(name)),
    async addArtefact(record) {
      let writtenAt = generation
      if (persistence && !detached) {
        try {
          writtenAt = (await persistence.putArtefact(record, generation)) ?? generation
        } catch (error) {
          throw failed('write', error)
        }
        if (writtenAt > generation) adoptReset(writtenAt)
        // A reset this tab heard of while writing came after the write, and wiped it: as it should.
        if (writtenAt < generation) return
      }
      putArtefact(record)
      changed()
      sync?.post({ type: 'artefact', record, generation: writtenAt })
    },
    async addCategory(name, now) {
      const category = await allocateCategory(name, now)
      changed()
      if (!category) {
        const taken = categoryNames.get(fold(name))
        if (taken) throw new CategoryNameTaken(taken)
        throw new Error(`[artefact-mock] category ${JSON.stringify(name)} was refused but no category holds the name`)
      }
      sync?.post({ type: 'category', category, generation })
      return category
    },
    async reset() {
      let next = generation + 1
      if (persistence && !detached) {
        try {
          if (persistence.reset) next = Math.max(next, await persistence.reset())
          else await persistence.clear()
        } catch (error) {
          throw failed('reset', error)
        }
      }
      adoptReset(next)
      changed()
      sync?.post({ type: 'reset', generation: next })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot() {
      snapshot ??= {
        artefacts: [...ordered],
        categories: [...categories.values()].reverse(),
        health: { ...health, skipped: [...health.skipped] },
      }
      return snapshot
    },
  }
}
