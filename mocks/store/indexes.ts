/**
 * The store's in-memory records: artefacts by lowercased id and newest first,
 * categories by id and by folded name. Kept in order on every put, so a snapshot
 * copies a list instead of sorting (and parsing dates) again.
 */
import type { HeldRecord } from './held-record.ts'
import type { Category } from '../schemas/resources.ts'

/** How category names compare: trimmed, lowercased. */
export const foldName = (name: string) => name.trim().toLowerCase()

/**
 * Where a record created at `at` (epoch ms) goes in `records`, kept oldest first: before every
 * equal time, so the newest-first view lists equal times in arrival order. A create is almost
 * always the newest: it goes at the end, with no search and no move.
 */
function insertionIndex(records: readonly HeldRecord[], at: number): number {
  let high = records.length
  if (high === 0 || records[high - 1]!.at < at) return high
  let low = 0
  while (low < high) {
    const middle = (low + high) >>> 1
    if (records[middle]!.at < at) low = middle + 1
    else high = middle
  }
  return low
}

/** Artefacts by lowercased id, and the same records by time (a newest-first copy on demand). */
export function artefactIndex() {
  const byId = new Map<string, HeldRecord>()
  // Oldest first, so the usual put (the newest) is a push, not a move of every record held.
  let oldestFirst: HeldRecord[] = []
  /** Holds `record`, replacing one with the same id. */
  const put = (record: HeldRecord) => {
    const held = byId.get(record.key)
    if (held) oldestFirst.splice(oldestFirst.indexOf(held), 1)
    const index = insertionIndex(oldestFirst, record.at)
    if (index === oldestFirst.length) oldestFirst.push(record)
    else oldestFirst.splice(index, 0, record)
    byId.set(record.key, record)
  }
  return {
    get: (id: string) => byId.get(id.toLowerCase()),
    put,
    /**
     * Holds many records at once (a page of a load), as `put` one after another would: the
     * page is sorted on its own and merged into the held order, so a page costs its own sort
     * and one pass over what is held, not a sort of everything held.
     */
    putMany(records: readonly HeldRecord[]) {
      if (records.length < 64) return records.forEach(put)
      // Each id's last record, in the order of those last puts (a put moves a held id behind its equal times).
      const last = new Map<string, HeldRecord>()
      for (const record of records) {
        last.delete(record.key)
        last.set(record.key, record)
      }
      // Held records this page replaces: dropped from the merge below.
      const replaced = new Set<HeldRecord>()
      for (const [key, record] of last) {
        const held = byId.get(key)
        if (held) replaced.add(held)
        byId.set(key, record)
      }
      // Newest first; a stable sort keeps equal times in arrival order, as `put` does.
      const arrived = [...last.values()].sort((a, b) => b.at - a.at)
      // Merged from the newest down: on equal times a held record comes before the page's (arrival order).
      const merged = new Array<HeldRecord>(oldestFirst.length - replaced.size + arrived.length)
      let kept = oldestFirst.length - 1
      let next = 0
      for (let write = merged.length - 1; write >= 0; write--) {
        while (kept >= 0 && replaced.has(oldestFirst[kept]!)) kept--
        const page = arrived[next]
        if (kept >= 0 && (page === undefined || oldestFirst[kept]!.at >= page.at)) merged[write] = oldestFirst[kept--]!
        else merged[write] = arrived[next++]!
      }
      oldestFirst = merged
    },
    /** Lets go of `record` (one whose stored text turned out not to be JSON). */
    drop(record: HeldRecord) {
      const index = oldestFirst.indexOf(record)
      if (index < 0) return
      oldestFirst.splice(index, 1)
      byId.delete(record.key)
    },
    clear() {
      byId.clear()
      oldestFirst.length = 0
    },
    /** A copy, newest first. */
    newestFirst: (): HeldRecord[] => oldestFirst.slice().reverse(),
  }
}

/** Categories by id and by folded name, and the next id after every one held. */
export function categoryIndex() {
  const byId = new Map<number, Category>()
  const byName = new Map<string, Category>()
  let nextId = 1
  return {
    get: (id: number) => byId.get(id),
    byName: (name: string) => byName.get(foldName(name)),
    /** Above every id held or reserved. */
    get nextId() {
      return nextId
    },
    reserve(id: number) {
      nextId = Math.max(nextId, id + 1)
    },
    /** Gives back a reserved id when no later one was reserved meanwhile. */
    release(id: number) {
      if (nextId === id + 1 && !byId.has(id)) nextId = id
    },
    put(category: Category) {
      byId.set(category.id, category)
      byName.set(foldName(category.name), category)
      nextId = Math.max(nextId, category.id + 1)
    },
    /** Lets go of a category held before its write failed. */
    drop(category: Category) {
      if (byId.get(category.id) === category) byId.delete(category.id)
      if (byName.get(foldName(category.name)) === category) byName.delete(foldName(category.name))
    },
    clear() {
      byId.clear()
      byName.clear()
      nextId = 1
    },
    /** Newest first (ids are handed out in order). */
    newestFirst: (): Category[] => [...byId.values()].reverse(),
  }
}
