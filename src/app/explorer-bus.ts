/**
 * The explorer's shared UI state between features: the request being built and
 * the exchange shown in the response viewer. Features write through the
 * functions below and read with `useExplorerBus()` (useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react'
import type { OperationName } from '#mocks/operations/registry.ts'

/** An operation of the mock's registry. */
export type OperationId = OperationName

/** A header choice: left out entirely, or sent with this value. */
export type HeaderChoice = { mode: 'omit' } | { mode: 'value'; value: string }

export interface RequestDraft {
  operation: OperationId
  /** Path id for getArtefact. */
  id: string
  /** isDraft query for createArtefact: omitted, or this raw value ('true', 'false', or anything to see the 400). */
  isDraft: HeaderChoice
  accept: HeaderChoice
  contentType: HeaderChoice
  /** Raw body text (may be malformed on purpose). */
  body: string
  /** Optional Prefer header, e.g. 'code=404'. */
  prefer: HeaderChoice
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
  /** Sent from the explorer's builder, or by other code on the page (seen in msw's events). */
  source: 'explorer' | 'page'
}

interface BusState {
  draft: RequestDraft | null
  /** Bumped on every openDraft, so the builder knows to load it. */
  draftVersion: number
  exchange: Exchange | null
}

let state: BusState = { draft: null, draftVersion: 0, exchange: null }
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/** Loads a request into the builder (from the data browser, history, log). */
export function openDraft(draft: RequestDraft): void {
  state = { ...state, draft, draftVersion: state.draftVersion + 1 }
  emit()
}

/** Shows an exchange in the response viewer. */
export function showExchange(exchange: Exchange): void {
  state = { ...state, exchange }
  emit()
}

export function subscribeBus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getBusState = (): BusState => state

export function useExplorerBus(): BusState {
  return useSyncExternalStore(subscribeBus, getBusState)
}
