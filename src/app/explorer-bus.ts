/**
 * The explorer's shared UI state between features: one request draft per
 * operation (kept across switches, saved across reloads), which one the
 * builder shows, the last artefact created, and the exchange in the response
 * viewer. Features write through the functions below and read with
 * `useExplorerBus()` (useSyncExternalStore). The types it holds are in model.ts.
 */
import { useSyncExternalStore } from 'react'
import type { Drafts, Exchange, OperationId, RequestDraft } from './model.ts'

// The shared types live in model.ts (inferred from zod); these re-exports keep the features' imports working.
export type { AnswerMark, Drafts, Exchange, OperationId, RequestDraft } from './model.ts'

interface BusState {
  /** The draft in the builder: `drafts[current]`. */
  draft: RequestDraft | null
  /** Every operation's draft, as last edited. */
  drafts: Drafts
  /** The id of the last artefact the explorer created. */
  lastCreated: string | null
  exchange: Exchange | null
  /** A draft Replay replaced before it was sent, kept whole until restored or dismissed. */
  stashed: RequestDraft | null
}

let state: BusState = { draft: null, drafts: {}, lastCreated: null, exchange: null, stashed: null }
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

/**
 * Loads a whole request into its operation's draft and shows it (Replay from the history).
 * `stash`: the unsent draft it replaces, kept to restore whole (body, isDraft, headers, mode).
 */
export function openDraft(draft: RequestDraft, stash: RequestDraft | null = null): void {
  commit({ drafts: { ...state.drafts, [draft.operation]: draft }, stashed: stash ?? state.stashed }, draft.operation)
}

/** Puts the stashed draft back in its operation, in place of what replaced it, and shows it. */
export function restoreStashed(): void {
  const { stashed } = state
  if (stashed) commit({ drafts: { ...state.drafts, [stashed.operation]: stashed }, stashed: null }, stashed.operation)
}

/** Forgets the stashed draft. */
export function dropStashed(): void {
  commit({ stashed: null })
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
