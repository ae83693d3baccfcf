/**
 * How the store hands out a new category id: in memory, or inside the persistence's
 * own transaction so that tabs sharing it never hand out the same id or name.
 */
import type { Category } from '../schemas/resources.ts'
import type { categoryIndex } from './indexes.ts'
import { foldName } from './indexes.ts'
import type { Persistence, StorageFailed } from './types.ts'

interface AllocatorParts {
  persistence: Persistence | undefined
  /** True once the persistence failed to load: writes stay in memory. */
  isDetached(): boolean
  categories: ReturnType<typeof categoryIndex>
  /** Applies a generation read from the persistence (a newer one is another tab's reset). */
  adoptGeneration(stored: number): void
  /** Takes a category another tab stored, quietly (bad records were reported on load). */
  adoptCategory(raw: unknown): void
  failed(error: unknown): StorageFailed
}

/**
 * Returns `allocate(name, now)`: the new category, held and written, or null when the
 * name is taken (the holder is then held too, so the caller can name it).
 */
export function categoryAllocator(parts: AllocatorParts) {
  const { persistence, categories } = parts
  const make = (id: number, name: string, now: string): Category => ({ id, name, dateCreated: now, dateModified: now })
  const pendingNames = new Map<string, Promise<void>>()

  const allocate = async (name: string, now: string): Promise<Category | null> => {
    if (categories.byName(name)) return null
    if (!persistence) {
      const category = make(categories.nextId, name, now)
      categories.put(category)
      return category
    }
    if (persistence.insertCategory && !parts.isDetached()) return insert(persistence.insertCategory, name, now)
    if (persistence.allocateCategory && !parts.isDetached()) return chooseInTransaction(persistence, name, now)
    return reserveThenWrite(persistence, name, now)
  }

  /** One write that checks the stored names and counts the ids itself; several creates may share it. */
  const insert = async (insertCategory: NonNullable<Persistence['insertCategory']>, name: string, now: string) => {
    let result: Awaited<ReturnType<typeof insertCategory>>
    try {
      result = await insertCategory({
        name,
        floor: (generation) => {
          parts.adoptGeneration(generation)
          return categories.nextId
        },
        make: (id) => make(id, name, now),
      })
    } catch (error) {
      throw parts.failed(error)
    }
    parts.adoptGeneration(result.generation)
    if ('taken' in result) {
      parts.adoptCategory(result.taken)
      return null
    }
    categories.put(result.stored)
    return result.stored
  }

  /** One transaction that reads every stored category, then takes the next id (a persistence without insertCategory). */
  const chooseInTransaction = async (target: Persistence, name: string, now: string) => {
    try {
      return await target.allocateCategory!((stored, storedGeneration) => {
        if (storedGeneration !== undefined) parts.adoptGeneration(storedGeneration)
        // Any stored integer id keeps its key from being reused, even a record that does not fit.
        for (const raw of stored) parts.adoptCategory(raw)
        const ids = stored.map((raw) => (raw as { id?: unknown } | null)?.id).filter(Number.isSafeInteger) as number[]
        if (categories.byName(name)) return null
        const category = make(Math.max(categories.nextId, ids.reduce((max, id) => Math.max(max, id), 0) + 1), name, now)
        categories.put(category)
        return category
      })
    } catch (error) {
      // choose() may have held the category before the transaction failed: let go of it and its id.
      const held = categories.byName(name)
      if (held && held.dateCreated === now && held.name === name) {
        categories.drop(held)
        categories.release(held.id)
      }
      throw parts.failed(error)
    }
  }

  /** No shared transaction (or storage detached): reserve id and name here, then write. */
  const reserveThenWrite = async (target: Persistence, name: string, now: string): Promise<Category | null> => {
    // The same name being written a moment ago: its outcome decides this one.
    const pending = pendingNames.get(foldName(name))
    if (pending) {
      await pending.catch(() => undefined)
      return allocate(name, now)
    }
    const category = make(categories.nextId, name, now)
    categories.reserve(category.id)
    const writing = parts.isDetached() ? Promise.resolve() : target.putCategory(category)
    pendingNames.set(foldName(name), writing)
    try {
      await writing
    } catch (error) {
      categories.release(category.id)
      throw parts.failed(error)
    } finally {
      pendingNames.delete(foldName(name))
    }
    categories.put(category)
    return category
  }

  return allocate
}
