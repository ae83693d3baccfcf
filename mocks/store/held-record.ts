/**
 * A stored artefact as the store holds it: plain data, its JSON text and a summary (issue 35,
 * replacing the text-held records of issue 14, decision 044). A reload with thousands stored parses none of them: the
 * explorer's lists read the summary, and a read (a GET) parses the text of that one record.
 */
import type { StoredArtefact } from '../schemas/resources.ts'

/**
 * What the explorer lists and searches a stored artefact by, written when it is created and
 * stored beside its text.
 * @example
 * const { id, title, categoryName, isDraft } = store.getSnapshot().artefacts[0].summary
 */
export interface RecordSummary {
  id: string
  title: string
  categoryName: string | null
  isDraft: boolean
  /** True for a record whose stored text is not JSON (changed by hand): the store drops it on its first read. */
  unreadable?: true
}

/**
 * A stored artefact as the store holds it.
 * @example
 * const held = store.getSnapshot().artefacts[0] // { key, at, summary, json }
 */
export interface HeldRecord {
  /** Its lowercased id, as the store indexes it. */
  key: string
  /** When it was created (epoch ms): the store lists the newest first. */
  at: number
  summary: RecordSummary
  /** The `StoredArtefact`'s JSON text, parsed on each read. */
  json: string
}

/** What the explorer lists `record` by. */
export const summaryOf = ({ artefact, isDraft }: StoredArtefact): RecordSummary => ({
  id: artefact.id,
  title: artefact.title,
  categoryName: artefact.category?.name ?? null,
  isDraft,
})

/**
 * `record` as the store holds it; `json` when its text is at hand already.
 * @example
 * const held = holdRecord(buildArtefact(input, context))
 */
export const holdRecord = (record: StoredArtefact, json = JSON.stringify(record)): HeldRecord => ({
  key: record.artefact.id.toLowerCase(),
  at: Date.parse(record.artefact.dateCreated),
  summary: summaryOf(record),
  json,
})

/** A record stored as `json` that is not JSON: listed as unreadable until the store's first read of it drops it. */
export const unreadableRecord = (key: string, at: number, json: string): HeldRecord => ({
  key,
  at,
  summary: { id: key, title: '', categoryName: null, isDraft: false, unreadable: true },
  json,
})

/** The record, parsed afresh from its text; undefined when the text is not JSON. */
export function readHeld(held: HeldRecord): StoredArtefact | undefined {
  try {
    return JSON.parse(held.json) as StoredArtefact
  } catch {
    return undefined
  }
}
