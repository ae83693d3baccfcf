/**
 * The counters IndexedDB keeps beside the records, checked against the records on load (issue 36):
 * a corrupt one would hand out duplicate ids or hold no create made after it.
 */
import { GENERATION, isResetCount } from './indexeddb-batches.ts'

/** Above every category id ever handed out in this database (until a reset). */
export const NEXT_CATEGORY_ID = 'meta:next-category-id'

/** Above every stored category id: any stored integer id keeps its key from being reused, even a record that does not fit. */
export const nextCategoryIdAfter = (stored: readonly unknown[]) =>
  stored.reduce<number>((next, raw) => {
    const id = (raw as { id?: unknown } | null)?.id
    return Number.isSafeInteger(id) ? Math.max(next, (id as number) + 1) : next
  }, 1)

/** A stored value as a report shows it. */
const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value))

/** What is wrong with the stored counters, each said as a skipped record is, and the values that repair them. */
interface CounterCheck {
  reports: string[]
  generation?: number
  nextCategoryId?: number
}

/**
 * The stored counters against the stored categories (issue 36): a reset count that is not one
 * is repaired to 0, and a category counter not above every stored id to the next id after them.
 */
export function checkCounters(
  generation: unknown,
  nextCategoryId: unknown,
  categories: readonly unknown[],
): CounterCheck {
  const check: CounterCheck = { reports: [] }
  if (generation !== undefined && !isResetCount(generation)) {
    check.generation = 0
    check.reports.push(`${GENERATION} = ${shown(generation)}: not a count of resets; repaired to 0`)
  }
  const next = nextCategoryIdAfter(categories)
  if (nextCategoryId !== undefined && !(Number.isSafeInteger(nextCategoryId) && (nextCategoryId as number) >= next)) {
    check.nextCategoryId = next
    check.reports.push(
      `${NEXT_CATEGORY_ID} = ${shown(nextCategoryId)}: not above every stored category id; repaired to ${next}`,
    )
  }
  return check
}

/**
 * Checks the counters again inside one write (`records`' transaction; `categoryKeys` the range of
 * the stored categories), writes the repairs, and settles with what was wrong once it commits.
 */
export const repairCounters = (records: IDBObjectStore, categoryKeys: IDBKeyRange) =>
  new Promise<string[]>((resolve, reject) => {
    const categories = records.getAll(categoryKeys)
    const generation = records.get(GENERATION)
    const counter = records.get(NEXT_CATEGORY_ID)
    let check: CounterCheck = { reports: [] }
    // Requests are answered in order: the other two are in by now.
    counter.onsuccess = () => {
      check = checkCounters(generation.result, counter.result, categories.result)
      if (check.generation !== undefined) records.put(check.generation, GENERATION)
      if (check.nextCategoryId !== undefined) records.put(check.nextCategoryId, NEXT_CATEGORY_ID)
    }
    records.transaction.oncomplete = () => resolve(check.reports)
    records.transaction.onabort = () => reject(records.transaction.error)
  })
