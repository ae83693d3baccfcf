/**
 * The store itself, without the code that builds a data set of the caller's own: `createStore`
 * (./store.ts) adds that. The browser entry builds its store from here, so its first load loads
 * none of that code.
 */
import { seedCategories } from '../data/categories.ts'
import type { Category, StoredArtefact } from '../schemas/resources.ts'
import { generations } from './generations.ts'
import { type HeldRecord, holdRecord, readHeld } from './held-record.ts'
import { artefactIndex, categoryIndex } from './indexes.ts'
import {
  CategoryNameTaken,
  describeError,
  StorageFailed,
  type Store,
  type StoreHealth,
  type StoreOptions,
  type StoreSnapshot,
  type DataSet,
} from './types.ts'
import { broadcastTabSync } from './tab-sync.ts'
import { categoryAllocator } from './category-allocation.ts'
import { loadRecords } from './load.ts'
import { pagedRestore } from './restore.ts'

/**
 * A store whose data set is `seedOf(categories)`, taken on first use; `createStore` passes the
 * built-in data set's read side, or a build of the caller's own data set.
 *
 * @example
 * const store = createStoreOf({ persistence: indexedDbPersistence() }, readSideOfDataSet)
 */
export function createStoreOf(
  options: StoreOptions,
  seedOf: (categories: readonly Category[]) => StoredArtefact[],
): Store {
  const { persistence } = options
  const sync = options.sync === 'broadcast' ? broadcastTabSync() : options.sync
  const createdCats = options.seedCategories ?? seedCategories
  let seedCats = createdCats
  let seedRecords = () => seedOf(createdCats)
  // The data set's read side is taken on first use, so creating a store costs nothing.
  let seed: HeldRecord[] | undefined
  /** Seeds from `base` from now on (a scenario's data set), or from the one the store was created with. */
  const setBase = (base: DataSet | undefined) => {
    seedCats = base ? [...base.categories] : createdCats
    seedRecords = base ? () => structuredClone([...base.artefacts]) : () => seedOf(createdCats)
    seed = undefined
  }
  const artefacts = artefactIndex()
  const categories = categoryIndex()
  const listeners = new Set<() => void>()
  const health: StoreHealth = {
    persistence: persistence?.name ?? 'memory',
    mode: persistence ? 'saved' : 'memory',
    skipped: [],
    lastError: null,
    lastErrorKind: null,
    restoring: false,
  }
  let snapshot: StoreSnapshot | null = null

  const seedMaps = () => {
    seed ??= seedRecords().map((record) => holdRecord(record))
    artefacts.clear()
    categories.clear()
    seedCats.forEach(categories.put)
    seed.forEach(artefacts.put)
  }
  let seeded = false
  /** Every entry point calls it first: the data set is held from the first read or write on. */
  const seeding = () => {
    if (seeded) return
    seeded = true
    seedMaps()
  }

  const changed = () => {
    snapshot = null
    for (const listener of listeners) listener()
  }

  // Set when the load failed or timed out: a blocked database would hold every write, and so every
  // answer; the store then keeps what is created in memory and says so (health.mode 'unsaved').
  let detached = false
  const failed = (what: 'write' | 'reset', error: unknown): StorageFailed => {
    health.lastError = `${what} failed: ${describeError(error) || 'no reason given (storage full or blocked?)'}`
    health.lastErrorKind = what
    console.warn(`[artefact-mock] ${health.lastError}`)
    changed()
    return new StorageFailed(`${health.lastError}; nothing was stored`)
  }
  const gen = generations({
    artefacts,
    categories,
    health,
    reseed: seedMaps,
    seeding,
    changed,
    isDetached: () => detached,
  })
  const { adoptGeneration, adoptCategory } = gen

  const skippedOnLoad = (skipped: readonly string[]) => {
    if (skipped.length === 0) return
    health.skipped.push(...skipped)
    console.warn(`[artefact-mock] skipped ${skipped.length} stored record(s) that no longer fit the schema`)
  }

  // A held record is parsed on each read; text changed by hand into not JSON is dropped and
  // reported, telling the listeners after the read (a read may run in a render).
  const readOrDrop = (held: HeldRecord | undefined): StoredArtefact | undefined => {
    if (!held) return undefined
    const record = readHeld(held)
    if (record) return record
    artefacts.drop(held)
    skippedOnLoad([`artefact ${held.key}: its stored text is not JSON`])
    queueMicrotask(changed)
  }

  const paged = persistence?.paged
  const restore =
    paged &&
    pagedRestore({
      paged,
      health,
      generation: () => gen.current,
      adoptGeneration,
      hold: (records, skipped) => {
        artefacts.putMany(records)
        skippedOnLoad(skipped)
        changed()
      },
      changed,
    })

  const load = async () => {
    // Listen before reading, so nothing another tab does meanwhile is missed (duplicates are no news).
    sync?.subscribe(gen.receive)
    // Asked for before the data set is built on this thread, so the storage opens meanwhile. Settled
    // into a value: a seed that breaks a rule throws below, and leaves no unhandled rejection.
    const reading =
      persistence &&
      loadRecords(paged ? () => paged.head() : () => persistence.load(), options.loadTimeoutMs ?? 5000, () => {
        detached = true
      }).then(
        (stored) => ({ stored }),
        (error: unknown) => ({ error }),
      )
    seeding()
    if (!reading) return
    const result = await reading
    try {
      if ('error' in result) throw result.error
      const { stored } = result
      gen.raise(stored.generation)
      for (const category of stored.categories) adoptCategory(category, '')
      artefacts.putMany(stored.artefacts)
      skippedOnLoad(stored.skipped)
      // The artefacts follow in pages; the store answers meanwhile (decision 043).
      restore?.start()
    } catch (error) {
      detached = true
      health.mode = 'unsaved'
      health.lastErrorKind = 'load'
      health.lastError = `load failed, running from memory: ${describeError(error)}`
      console.warn(`[artefact-mock] ${health.lastError}`)
    }
    changed()
  }

  const allocate = categoryAllocator({
    persistence,
    isDetached: () => detached,
    categories,
    adoptGeneration,
    adoptCategory: (raw) => adoptCategory(raw, '', false),
    failed: (error) => failed('write', error),
  })

  let serving: Promise<void> | undefined
  // Loaded on first use, so creating a store does no I/O.
  const serve = () => (serving ??= load())
  let ready: Promise<void> | undefined

  return {
    get serving() {
      return serve()
    },
    get ready() {
      return (ready ??= serve().then(() => restore?.restored))
    },
    get mode() {
      return health.mode
    },
    getArtefact(id) {
      seeding()
      return readOrDrop(artefacts.get(id))
    },
    getSummary(id) {
      seeding()
      return artefacts.get(id)?.summary
    },
    async findArtefact(id) {
      seeding()
      const held = readOrDrop(artefacts.get(id))
      if (held || !restore) return held
      // Not held yet: read while the pages load (held meanwhile if its page just arrived).
      return readOrDrop((await restore.find(id.toLowerCase())) ?? artefacts.get(id))
    },
    getCategory(id) {
      seeding()
      return categories.get(id)
    },
    findCategoryByName(name) {
      seeding()
      return categories.byName(name)
    },
    async addArtefact(record) {
      seeding()
      const held = holdRecord(record)
      let writtenAt = gen.current
      if (persistence && !detached) {
        try {
          writtenAt = (await persistence.putArtefact(held, writtenAt)) ?? gen.current
        } catch (error) {
          throw failed('write', error)
        }
        adoptGeneration(writtenAt)
        // A reset this tab heard of while writing came after the write, and wiped it: as it should.
        if (writtenAt < gen.current) return
      }
      artefacts.put(held)
      changed()
      sync?.post({ type: 'artefact', record, generation: writtenAt })
    },
    async addCategory(name, now) {
      seeding()
      const category = await allocate(name, now)
      changed()
      if (!category) {
        const taken = categories.byName(name)
        if (taken) throw new CategoryNameTaken(taken)
        throw new Error(`[artefact-mock] category ${JSON.stringify(name)} was refused but no category holds the name`)
      }
      sync?.post({ type: 'category', category, generation: gen.current })
      return category
    },
    async reset(base) {
      seeding()
      let next = gen.current + 1
      if (persistence && !detached) {
        try {
          if (persistence.reset) next = await persistence.reset()
          else {
            await persistence.clear()
            next = gen.current + 1
          }
        } catch (error) {
          throw failed('reset', error)
        }
      }
      if (base !== undefined) setBase(base ?? undefined)
      // Adopted already when a write or another tab's message carried it here first: applied
      // again, it would drop what was created after it (issue 36).
      gen.adoptGeneration(next)
      changed()
      sync?.post({ type: 'reset', generation: next })
    },
    baseData: () => ({ artefacts: seedOf(createdCats), categories: createdCats }),
    setBase(base) {
      setBase(base)
      // A store in use already holds its data set: it takes the new one at once, as a reset would.
      if (seeded) {
        seedMaps()
        changed()
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot() {
      seeding()
      snapshot ??= {
        artefacts: artefacts.newestFirst(),
        categories: categories.newestFirst(),
        health: { ...health, skipped: [...health.skipped] },
      }
      return snapshot
    },
  }
}
