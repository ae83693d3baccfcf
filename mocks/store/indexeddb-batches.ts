/**
 * Group commit for IndexedDB: the writes asked for while a transaction runs (or in
 * the same tick as the first) share the next readwrite transaction, and each
 * settles only once that transaction commits. Under load, 32 creates in flight
 * cost a few transactions instead of 32, and an answer still means "written".
 */
import type { UseStore } from 'idb-keyval'

/** What every write of one transaction shares. */
export interface Batch {
  readonly records: IDBObjectStore
  /** Resets so far as stored; a reset in the batch raises it for the writes after it. */
  generation: number
  /** The next category id to hand out, when a write of this batch has read it. */
  nextCategoryId: number | undefined
  /**
   * Category names stored by earlier writes of this batch, by name key: a later write's read
   * of the name was issued before they were written, so it would not see them.
   */
  readonly claimedNames: Map<string, unknown>
  /**
   * True when `prepare` wrote the index of stored names in this batch: a read of a name
   * issued before it does not see the index, and must be issued again.
   */
  namesRebuilt: boolean
  /** Runs one step of a write; an exception aborts the transaction (every write of it fails). */
  guard(step: () => void): void
  /** Runs `step` (guarded) once `prepare` is done: at once when it is, else in the order asked. */
  whenPrepared(step: () => void): void
}

/**
 * One write: issues its requests on `batch.records`, then calls `settle` (maybe from a request's
 * callback). A write that is not blind is called as its batch starts, before `prepare` is done:
 * what needs the reset count or the category counter waits for `batch.whenPrepared`.
 */
export type Write<T> = (batch: Batch, settle: (value: T) => void) => void

/** Runs before the writes of each batch (e.g. reading meta keys), then calls `ready`. */
export type Prepare = (batch: Batch, ready: () => void) => void

interface Queued {
  write: Write<unknown>
  /** Runs in a transaction of its own (a reset: what was answered before it is answered before it commits). */
  alone: boolean
  /** Writes without reading: issued at once, beside the read of the reset count, and settles with that count. */
  blind: boolean
  resolve(value: unknown): void
  reject(error: unknown): void
}

const GENERATION = 'meta:generation'

/** True for a count of resets: a whole number, zero or more. */
export const isResetCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

/** The stored reset count; anything else (none yet, or a corrupt value the load repairs) reads as 0. */
export const storedGeneration = (stored: unknown): number => (isResetCount(stored) ? stored : 0)

/**
 * Returns `enqueue(write)`: the write joins the next batch and settles with its
 * value once the batch's transaction commits, or rejects with why it aborted.
 */
export function batchedWrites(open: () => UseStore, prepare: Prepare) {
  let queue: Queued[] = []
  let running = false

  const run = (records: IDBObjectStore, jobs: Queued[]) =>
    new Promise<void>((resolve) => {
      const transaction = records.transaction
      const values = new Map<Queued, unknown>()
      let failure: unknown = null
      let prepared = false
      const waiting: Array<() => void> = []
      const batch: Batch = {
        records,
        generation: 0,
        nextCategoryId: undefined,
        claimedNames: new Map(),
        namesRebuilt: false,
        guard(step) {
          try {
            step()
          } catch (error) {
            failure = error
            transaction.abort()
          }
        },
        whenPrepared(step) {
          if (prepared) batch.guard(step)
          else waiting.push(step)
        },
      }
      const write = (job: Queued) => batch.guard(() => job.write(batch, (value) => values.set(job, value)))
      const read = records.get(GENERATION)
      read.onsuccess = () =>
        batch.guard(() => {
          batch.generation = storedGeneration(read.result)
        })
      // Every request goes out now, beside the read of the reset count: IndexedDB runs a
      // transaction's requests in order and answers them in order, so a write's own reads
      // (a category's name) are answered after the reset count and `prepare`'s reads, and a
      // batch costs one round trip to IndexedDB, not one per read. Blind writes need no more;
      // the read still tells which reset count they were written under (same transaction).
      const reading = jobs.filter((job) => !job.blind)
      jobs.filter((job) => job.blind).forEach(write)
      if (reading.length > 0) {
        prepare(batch, () => {
          prepared = true
          for (const step of waiting.splice(0)) batch.guard(step)
        })
        reading.forEach(write)
      }
      transaction.oncomplete = () => {
        for (const job of jobs) job.resolve(job.blind ? batch.generation : values.get(job))
        resolve()
      }
      // A full disk or quota error often comes with an empty message: name it.
      transaction.onabort = transaction.onerror = () => {
        const why = failure ?? transaction.error ?? new Error('the IndexedDB transaction was aborted (storage full?)')
        for (const job of jobs) job.reject(why)
        resolve()
      }
    })

  const flush = () => {
    if (running || queue.length === 0) return
    running = true
    // A write that runs alone ends the batch before it, and starts one of its own.
    const end = queue[0]!.alone ? 1 : queue.findIndex((job) => job.alone)
    const jobs = end === -1 ? queue : queue.slice(0, end)
    queue = end === -1 ? [] : queue.slice(end)
    open()('readwrite', (records) => run(records, jobs))
      .catch((error: unknown) => {
        // The database could not be opened or the transaction not started: every write of the batch fails.
        for (const job of jobs) job.reject(error)
      })
      .finally(() => {
        running = false
        flush()
      })
  }

  return function enqueue<T>(write: Write<T>, { alone = false, blind = false } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job = { write: write as Write<unknown>, alone, blind, resolve: resolve as (value: unknown) => void, reject }
      queue.push(job)
      // The writes of this tick join the first batch; later ones wait for the running one to commit.
      if (queue.length === 1 && !running) queueMicrotask(flush)
    })
  }
}

export { GENERATION }
