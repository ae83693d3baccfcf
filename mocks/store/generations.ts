/**
 * What resets and other tabs do to what a store holds. The store counts resets (its
 * generation); a record or message of an older generation was wiped by a reset and is
 * never applied, and a newer one means a reset this tab has not seen yet
 * (docs/decisions/023-several-tabs.md, 033-nothing-answered-as-stored-is-lost.md).
 */
import { holdRecord } from './held-record.ts'
import { type artefactIndex, type categoryIndex, foldName } from './indexes.ts'
import { describeError, type StoreHealth } from './types.ts'
import { Category } from '../schemas/resources.ts'
import { TabMessage } from '../schemas/tab-message.ts'

/** What the store lends: its indexes, its health, and how it reseeds and tells its listeners. */
export interface HeldState {
  artefacts: ReturnType<typeof artefactIndex>
  categories: ReturnType<typeof categoryIndex>
  health: StoreHealth
  /** Holds the data set alone again. */
  reseed(): void
  /** Holds the data set, once: every entry point calls it first. */
  seeding(): void
  changed(): void
  /** True once the store runs from memory after a failed load. */
  isDetached(): boolean
}

/**
 * The store's generation and the ways it changes. `receive` takes another tab's message;
 * `adoptGeneration` a generation read from the persistence; `raise` the generation of
 * the first load, which wipes nothing (only the data set is held then).
 */
export function generations(state: HeldState) {
  const { artefacts, categories, health } = state
  let generation = 0

  /** A reset (this tab's or another's) to generation `next`: drop what was created before it. */
  const adoptReset = (next: number) => {
    generation = next
    state.reseed()
    health.skipped = []
    // A failed load keeps its error while the store runs from memory; a page that failed
    // (decision 043) is moot once the reset wiped what it held.
    if (health.lastErrorKind !== 'load' || !state.isDetached()) {
      health.lastError = null
      health.lastErrorKind = null
    }
  }

  /** A generation read from the persistence: a newer one means another tab reset meanwhile. */
  const adoptGeneration = (stored: number) => {
    if (stored > generation) adoptReset(stored)
  }

  /**
   * Takes a category stored or sent by another tab; one already held is no news, a clash is
   * reported.
   */
  const adoptCategory = (raw: unknown, source: string, report = true) => {
    const skip = (why: string) => {
      if (report)
        health.skipped.push(`${source}category ${describeError((raw as { id?: unknown } | null)?.id)}: ${why}`)
    }
    const parsed = Category.safeParse(raw)
    if (!parsed.success) return skip('does not fit the schema')
    const held = categories.get(parsed.data.id)
    if (held && foldName(held.name) === foldName(parsed.data.name)) return
    if (held || categories.byName(parsed.data.name)) return skip('its id or name is taken')
    categories.put(parsed.data)
  }

  /** A message from another tab: checked with the schemas like a stored record, then applied in generation order. */
  const receive = (raw: unknown) => {
    state.seeding()
    const parsed = TabMessage.safeParse(raw)
    if (!parsed.success) {
      health.skipped.push('message from another tab: does not fit the schema')
      return state.changed()
    }
    const message = parsed.data
    const at = message.generation ?? generation
    if (message.type === 'reset') {
      if (message.generation === undefined || at > generation) adoptReset(Math.max(at, generation + 1))
      return state.changed()
    }
    if (at < generation) return // made before a reset this tab already applied
    if (at > generation) adoptReset(at) // its reset's own message is still on the way
    if (message.type === 'artefact') artefacts.put(holdRecord(message.record))
    else adoptCategory(message.category, 'from another tab: ')
    state.changed()
  }

  return {
    /** Resets so far, as the persistence (or the tabs' messages) count them. */
    get current() {
      return generation
    },
    raise(stored: number) {
      generation = Math.max(generation, stored)
    },
    adoptReset,
    adoptGeneration,
    adoptCategory,
    receive,
  }
}
