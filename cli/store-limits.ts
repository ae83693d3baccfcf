/**
 * The store's cap in HTTP mode (behaviour §11): a create that would take the store past
 * `maxRecords` or `maxStoredBytes` is refused 403 with the reason in `X-Mock-Reason`, and
 * nothing stored is dropped. A wrapper around the store the handlers use, so the refusal
 * comes where a create would store, after every check of the contract's order (a malformed
 * or rule-breaking create still gets its own answer). See docs/decisions/030-http-mode-limits.md.
 */
import type { Category, HeldRecord, Store } from '../mocks/index.ts'
// Not in the barrel: the Error body Response the pipeline answers when it is thrown.
import { errorResponse } from '../mocks/internal.ts'

export interface StoreUsage {
  /** Artefacts and categories held, the data set included. */
  records: number
  /** Bytes of their JSON. */
  storedBytes: number
  maxRecords: number
  maxStoredBytes: number
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value))
// A category's JSON before it has its id and dates: the name plus its fixed fields.
const CATEGORY_OVERHEAD = 120

/**
 * The bytes that every store of one server holds together: the shared scope's, each
 * `X-Mock-Scope`'s and each `X-Mock-Scenario` state's (contract §12). Stores join while they are
 * alive: one a scope or a scenario let go of leaves once it is collected, since its records are
 * held until then.
 * @example
 * const pool = createStorePool(64 * 1024 * 1024)
 * const shared = limitStore(control.store, limits, pool)
 */
export function createStorePool(maxBytes: number) {
  const stores = new Set<WeakRef<Store>>()
  // Each capped store's count, alive as long as the capped store is.
  const countOf = new WeakMap<Store, () => number>()
  return {
    maxBytes,
    /** Counts `store` in (by `bytes`) until it is collected or `leave` is called. */
    join(store: Store, bytes: () => number): () => void {
      const ref = new WeakRef(store)
      stores.add(ref)
      countOf.set(store, bytes)
      return () => stores.delete(ref)
    },
    /** The bytes every live store holds and has admitted to store. */
    total(): number {
      let sum = 0
      for (const ref of stores) {
        const store = ref.deref()
        if (store) sum += countOf.get(store)?.() ?? 0
        else stores.delete(ref)
      }
      return sum
    },
  }
}
export type StorePool = ReturnType<typeof createStorePool>

/** A view of `target` with some members replaced; getters and methods still run on `target`. */
export function overriding<T extends object>(target: T, members: Partial<T>): T {
  return new Proxy(target, {
    get: (object, key) => (Object.hasOwn(members, key) ? members[key as keyof T] : Reflect.get(object, key, object)),
  })
}

/**
 * Wraps `store` with the caps. What the store holds is counted once from its snapshot, then
 * kept up as creates settle; creates in flight are held against the cap too, so concurrent
 * creates cannot pass it. A reset (from the admin path or from code) wipes every created
 * record: when one this wrapper saw stored is gone, the store is counted again.
 * @example
 * const limited = limitStore(control.store, { maxRecords: 10_000, maxStoredBytes: 64 * 1024 * 1024 })
 */
export function limitStore(store: Store, limits: { maxRecords: number; maxStoredBytes: number }, pool?: StorePool) {
  // Sizes of the records a count saw; a create's own size is counted once and not kept (a weak
  // map entry per stored record cost garbage-collection time: docs/decisions/040-http-create-path.md).
  const sizes = new WeakMap<object, number>()
  const sizeOf = (record: HeldRecord | Category) => {
    let size = sizes.get(record)
    // A held artefact's text is its JSON.
    if (size === undefined)
      sizes.set(record, (size = 'json' in record ? Buffer.byteLength(record.json) : bytesOf(record)))
    return size
  }
  let counts = 0
  const held = { records: 0, bytes: 0 }
  const pending = { records: 0, bytes: 0 }
  let fresh = false
  let changed = true
  // A record this wrapper saw stored since the last count: while it is there, no reset came.
  let witness: (() => boolean) | null = null
  const unsubscribe = store.subscribe(() => (changed = true))

  const count = () => {
    if (fresh && (!changed || witness?.())) {
      changed = false
      return
    }
    const { artefacts, categories } = store.getSnapshot()
    held.records = 0
    held.bytes = 0
    for (const record of [...artefacts, ...categories]) {
      held.records += 1
      held.bytes += sizeOf(record)
    }
    counts += 1
    fresh = true
    changed = false
    witness = null
  }

  /** The reason when the server's stores together have no room for `bytes` more. */
  const pooled = (bytes: number, what: string) => {
    const total = pool?.total() ?? 0
    return pool && total + bytes > pool.maxBytes
      ? `store cap reached: the scopes and scenario states of this server hold ${total} bytes together, this ${what} needs ${bytes} more and the cap is ${pool.maxBytes} bytes (--max-store-mb)`
      : null
  }

  /** Holds room for one record of `bytes`, or throws the 403. */
  const admit = (bytes: number, what: string) => {
    count()
    const records = held.records + pending.records
    const stored = held.bytes + pending.bytes
    const reason =
      records + 1 > limits.maxRecords
        ? `store cap reached: it holds ${records} records (artefacts and categories, the data set included) and the cap is ${limits.maxRecords} (--max-records)`
        : stored + bytes > limits.maxStoredBytes
          ? `store cap reached: ${stored} bytes stored, this ${what} needs ${bytes} more and the cap is ${limits.maxStoredBytes} bytes (--max-store-mb)`
          : pooled(bytes, what)
    if (reason) throw errorResponse(403, `${reason}; nothing was stored. Reset (POST /__mock/reset) or raise the cap`)
    pending.records += 1
    pending.bytes += bytes
    return () => {
      pending.records -= 1
      pending.bytes -= bytes
    }
  }

  /** A record of `bytes` is stored; `since` is the count its admission saw. */
  const settled = (bytes: number, since: number, isThere: () => boolean) => {
    // A count while it was being stored may have seen it already: count again rather than twice.
    if (counts !== since) fresh = false
    else {
      held.records += 1
      held.bytes += bytes
    }
    witness ??= isThere
  }

  const limited: Store = overriding(store, {
    async addArtefact(record) {
      const bytes = bytesOf(record)
      const release = admit(bytes, 'artefact')
      const since = counts
      try {
        await store.addArtefact(record)
      } finally {
        release()
      }
      settled(bytes, since, () => store.getSummary(record.artefact.id) !== undefined)
    },
    async addCategory(name, now) {
      const release = admit(Buffer.byteLength(name) + CATEGORY_OVERHEAD, 'category')
      const since = counts
      let category: Category
      try {
        category = await store.addCategory(name, now)
      } finally {
        release()
      }
      settled(sizeOf(category), since, () => store.getCategory(category.id) === category)
      return category
    },
  })

  const leave = pool?.join(limited, () => {
    count()
    return held.bytes + pending.bytes
  })

  return {
    store: limited,
    /** Stops following the store (the server closed, or its scope was dropped). */
    dispose() {
      unsubscribe()
      leave?.()
    },
    usage(): StoreUsage {
      count()
      return {
        records: held.records,
        storedBytes: held.bytes,
        maxRecords: limits.maxRecords,
        maxStoredBytes: limits.maxStoredBytes,
      }
    },
  }
}
