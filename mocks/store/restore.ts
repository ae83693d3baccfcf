/**
 * Reading the stored artefacts a page at a time once the store answers (a paged
 * persistence, decision 043): a reload with thousands stored answers as soon as the
 * categories and the reset count are read, a write waits for one page at most, and a
 * GET of an artefact not held yet reads that one record.
 */
import { StoredArtefact } from '../schemas/resources.ts'
import { type HeldRecord, holdRecord } from './held-record.ts'
import { checkArtefacts, upgradeRecord } from './load.ts'
import { describeError, type PagedLoad, type StoreHealth } from './types.ts'

/** Artefacts per page (read in one transaction): a create issued meanwhile waits for one page at most. */
export const RESTORE_PAGE = 500

interface RestoreParts {
  paged: PagedLoad
  health: StoreHealth
  /** The store's generation (resets so far) now. */
  generation(): number
  /** Applies a generation read from the persistence (a newer one is another tab's reset). */
  adoptGeneration(stored: number): void
  /** Holds a page's artefacts, with what was skipped and why. */
  hold(artefacts: HeldRecord[], skipped: string[]): void
  changed(): void
}

/**
 * Reads every page into the store. Stops at a reset made since the head was read: what
 * it wiped is gone, and what was created after it reaches the store as a create of this
 * tab or a message from another.
 */
async function readPages(parts: RestoreParts): Promise<void> {
  const from = parts.generation()
  let after: string | undefined
  do {
    const page = await parts.paged.page(after, RESTORE_PAGE)
    parts.adoptGeneration(page.generation)
    if (page.generation !== from || parts.generation() !== from) return
    const { artefacts, skipped } = checkArtefacts(page)
    parts.hold(artefacts, skipped)
    after = page.next
  } while (after !== undefined)
}

/** Returns `start()` (after the head), the promise of every page held, and `find(id)` for what is not held. */
export function pagedRestore(parts: RestoreParts) {
  // True while a GET of an id not held reads the persistence: from the start until every page is held.
  let readThrough = false
  let restored: Promise<void> = Promise.resolve()

  const run = async () => {
    readThrough = true
    parts.health.restoring = true
    try {
      await readPages(parts)
      readThrough = false
    } catch (error) {
      parts.health.lastErrorKind = 'load'
      parts.health.lastError = `load of the stored artefacts failed (those not read are fetched when asked for): ${describeError(error)}`
      console.warn(`[artefact-mock] ${parts.health.lastError}`)
    }
    parts.health.restoring = false
    parts.changed()
  }

  return {
    start() {
      restored = run()
    },
    get restored() {
      return restored
    },
    /** The stored artefact `id` (lowercased) when it is not held: undefined once every page is. */
    async find(id: string): Promise<HeldRecord | undefined> {
      if (!readThrough) return undefined
      const stored = await parts.paged.read(id).catch(() => undefined)
      if (!stored) return undefined
      if (stored.current) return stored.record as HeldRecord
      const parsed = StoredArtefact.safeParse(upgradeRecord(stored.record))
      return parsed.success ? holdRecord(parsed.data) : undefined
    },
  }
}
