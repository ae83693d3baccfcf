/** Reading what a persistence holds, within a time limit, checking what this code did not store. */
import { StoredArtefact } from '../schemas/resources.ts'
import { describeError, type StoredRecords } from './types.ts'
import { type HeldRecord, holdRecord } from './held-record.ts'

/** What the store takes from a load: artefacts ready to hold, raw categories, and what was skipped and why. */
export interface LoadedRecords {
  artefacts: HeldRecord[]
  categories: unknown[]
  generation: number
  skipped: string[]
}

/**
 * A record of an older shape, upgraded in place where the change is known: before `RECORD_VERSION`
 * 2 a channel created without a name was stored with `name: null`; the spec's `Channel.name` is
 * a string, and the read side now shows `""`.
 * @example
 * StoredArtefact.safeParse(upgradeRecord(raw))
 */
export function upgradeRecord(raw: unknown): unknown {
  const variations = (raw as { artefact?: { variations?: unknown } } | null)?.artefact?.variations
  if (!Array.isArray(variations)) return raw
  for (const variation of variations) {
    const channels: unknown = variation?.channels
    if (!Array.isArray(channels)) continue
    for (const channel of channels)
      if (channel !== null && typeof channel === 'object' && channel.name === null) channel.name = ''
  }
  return raw
}

/**
 * The artefacts of a load the store can hold: those stored under the current record
 * version were built by this code and are taken as they are; any other is checked with
 * the schema and skipped, with why, when it no longer fits.
 */
export function checkArtefacts(stored: Pick<StoredRecords, 'artefacts' | 'currentArtefacts'>) {
  const artefacts = [...(stored.currentArtefacts ?? [])]
  const skipped: string[] = []
  for (const raw of stored.artefacts) {
    const parsed = StoredArtefact.safeParse(upgradeRecord(raw))
    if (parsed.success) artefacts.push(holdRecord(parsed.data))
    else
      skipped.push(
        `artefact ${describeError((raw as { artefact?: { id?: unknown } } | null)?.artefact?.id)}: does not fit the schema`,
      )
  }
  return { artefacts, skipped }
}

/**
 * Loads persisted records with `read` (the whole load, or a paged load's head).
 * Rejects after `timeoutMs` (an IndexedDB open blocked by another tab never settles),
 * calling `onTimeout` first.
 */
export async function loadRecords(
  read: () => Promise<StoredRecords>,
  timeoutMs: number,
  onTimeout: () => void,
): Promise<LoadedRecords> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout()
      reject(new Error(`no answer in ${timeoutMs} ms (blocked by another tab?); what is created now is not saved`))
    }, timeoutMs)
  })
  const stored = await Promise.race([read(), timeout]).finally(() => clearTimeout(timer))
  const { artefacts, skipped } = checkArtefacts(stored)
  return {
    artefacts,
    categories: stored.categories,
    generation: stored.generation ?? 0,
    skipped: [...(stored.skipped ?? []), ...skipped],
  }
}
