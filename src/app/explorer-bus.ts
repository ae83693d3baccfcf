/**
 * The explorer's shared UI state between features: one request draft per
 * operation (kept across switches, saved across reloads), which one the
 * builder shows, the last artefact created, and the exchange in the response
 * viewer. Features write through the functions below and read with
 * `useExplorerBus()` (useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react'
import type { OperationName } from '#mocks/operations/registry.ts'

/** An operation of the mock's registry. */
export type OperationId = OperationName

/** A header choice: left out entirely, or sent with this value. */
export type HeaderChoice = { mode: 'omit' } | { mode: 'value'; value: string }

/** One query parameter or header of a free request; `on: false` keeps it without sending it. */
export interface FreeRow {
  on: boolean
  name: string
  value: string
}

/** A free request (advanced mode): any method, any path under the prefix, any query and headers. */
export interface FreeRequest {
  method: string
  /** The path after the prefix, e.g. `/resources/artefact/x`. */
  path: string
  query: FreeRow[]
  headers: FreeRow[]
}

export interface RequestDraft {
  operation: OperationId
  /** Path id for getArtefact. */
  id: string
  /** isDraft query for createArtefact: omitted, or this raw value ('true', 'false', or anything to see the 400). */
  isDraft: HeaderChoice
  accept: HeaderChoice
  contentType: HeaderChoice
  /** Raw body text (may be malformed on purpose); the free request sends it too. */
  body: string
  /** Optional Prefer header, e.g. 'code=404'. */
  prefer: HeaderChoice
  /** The free request of the advanced mode, kept while the form is shown. */
  free?: FreeRequest
  /** True when the builder sends `free` instead of the form. */
  advanced?: boolean
}

/** How an answer came about when not by the mock's rules alone; the network log marks it. */
export interface AnswerMark {
  kind: 'forced' | 'overridden' | 'delayed'
  /** In words: which header, setting or handler. */
  detail: string
}

/** One request and its answer, as the viewer, the log and the history show it. */
export interface Exchange {
  id: string
  /** Epoch ms when sent. */
  at: number
  operation: OperationId | null
  request: { method: string; url: string; headers: Array<[string, string]>; body: string | null }
  response: { status: number; statusText: string; headers: Array<[string, string]>; body: string } | null
  /** A network failure (no response at all). */
  failure: string | null
  durationMs: number
  /** Sent from the explorer's builder, by other code on the page (seen in msw's events), or read from a HAR file. */
  source: 'explorer' | 'page' | 'imported'
  /** Forced, overridden or delayed answers, as the network log saw them. */
  marks?: AnswerMark[]
}

export type Drafts = Partial<Record<OperationId, RequestDraft>>

interface BusState {
  /** The draft in the builder: `drafts[current]`. */
  draft: RequestDraft | null
  /** Every operation's draft, as last edited. */
  drafts: Drafts
  /** The id of the last artefact the explorer created. */
  lastCreated: string | null
  exchange: Exchange | null
}

let state: BusState = { draft: null, drafts: {}, lastCreated: null, exchange: null }
let current: OperationId | null = null
const listeners = new Set<() => void>()

function commit(patch: Partial<Omit<BusState, 'draft'>>, next: OperationId | null = current): void {
  current = next
  const drafts = patch.drafts ?? state.drafts
  state = { ...state, ...patch, drafts, draft: current ? (drafts[current] ?? null) : null }
  for (const listener of listeners) listener()
}

/** Loads saved drafts (at start, before any render); the current operation comes from the caller. */
export function restoreDrafts(drafts: Drafts, lastCreated: string | null): void {
  commit({ drafts, lastCreated })
}

/** Shows an operation's draft, making it with `make` the first time. Its edits stay as they were. */
export function selectOperation(operation: OperationId, make: () => RequestDraft): void {
  const existing = state.drafts[operation]
  commit(existing ? {} : { drafts: { ...state.drafts, [operation]: make() } }, operation)
}

/** Loads a whole request into its operation's draft and shows it (Replay from the history). */
export function openDraft(draft: RequestDraft): void {
  commit({ drafts: { ...state.drafts, [draft.operation]: draft } }, draft.operation)
}

/** Changes one operation's draft (made with `make` if it has none), without switching to it. */
export function patchDraftOf(operation: OperationId, patch: Partial<RequestDraft>, make: () => RequestDraft): void {
  const base = state.drafts[operation] ?? make()
  commit({ drafts: { ...state.drafts, [operation]: { ...base, ...patch } } })
}

/** Changes the draft in the builder. */
export function updateDraft(patch: Partial<RequestDraft>): void {
  if (!current || !state.draft) return
  commit({ drafts: { ...state.drafts, [current]: { ...state.draft, ...patch } } })
}

export function setLastCreated(id: string): void {
  commit({ lastCreated: id })
}

/** Shows an exchange in the response viewer. */
export function showExchange(exchange: Exchange): void {
  commit({ exchange })
}

export function subscribeBus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getBusState = (): BusState => state

export function useExplorerBus(): BusState {
  return useSyncExternalStore(subscribeBus, getBusState)
}
