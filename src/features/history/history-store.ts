/**
 * The history of sent requests: newest first, at most 100, kept in
 * localStorage and validated entry by entry when loaded, with the count of
 * every request sent since the last clear (the oldest beyond 100 dropped).
 * Read it with `useHistory()` and `useHistoryTotal()` (useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react'
import type { Exchange, RequestDraft } from '../../app/explorer-bus.ts'
import type { HistoryEntry } from './history-schema.ts'
import { createHistoryStorage, HISTORY_CAP, type KeyValueStorage } from './history-storage.ts'

export { HISTORY_CAP } from './history-storage.ts'

/** Bodies longer than this are cut before storing, so 100 entries fit in localStorage. */
export const STORED_BODY_MAX = 32_000

const cut = (text: string) =>
  text.length > STORED_BODY_MAX ? `${text.slice(0, STORED_BODY_MAX)}\n… (cut at ${STORED_BODY_MAX} characters)` : text

function forStorage(entry: HistoryEntry): HistoryEntry {
  const { exchange } = entry
  return {
    draft: { ...entry.draft, body: cut(entry.draft.body) },
    exchange: {
      ...exchange,
      request: { ...exchange.request, body: exchange.request.body === null ? null : cut(exchange.request.body) },
      response: exchange.response && { ...exchange.response, body: cut(exchange.response.body) },
    },
  }
}

/** A history over `storage` (null: memory only). Tests pass their own. */
export function createHistoryStore(storage: KeyValueStorage | null) {
  const persisted = storage && createHistoryStorage(storage)
  let entries: readonly HistoryEntry[] | null = null
  let total = 0
  const listeners = new Set<() => void>()

  // Storage that throws (blocked, full) costs what is kept across reloads, never the page's history.
  const safely = (action: () => void) => {
    try {
      action()
    } catch {
      // Kept in memory: the page's history is whole, the next reload has what was stored.
    }
  }
  const load = () => {
    if (entries !== null) return
    entries = []
    safely(() => {
      const loaded = persisted?.load()
      if (loaded) [entries, total] = [loaded.entries, loaded.sent]
    })
  }
  const changed = () => {
    for (const listener of listeners) listener()
  }

  return {
    record(draft: RequestDraft, exchange: Exchange): void {
      load()
      const entry = forStorage({ draft, exchange })
      entries = [entry, ...getSnapshot()].slice(0, HISTORY_CAP)
      total += 1
      safely(() => persisted?.add(entry, total))
      changed()
    },
    clear(): void {
      load()
      entries = []
      total = 0
      safely(() => persisted?.clear())
      changed()
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot,
    getTotal,
  }

  function getSnapshot(): readonly HistoryEntry[] {
    load()
    return entries!
  }

  function getTotal(): number {
    load()
    return total
  }
}

function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

const history = createHistoryStore(browserStorage())

/** Adds a sent request to the history; the sender calls it after each send. */
export function recordHistory(draft: RequestDraft, exchange: Exchange): void {
  history.record(draft, exchange)
}

/** Empties the history. */
export function clearHistory(): void {
  history.clear()
}

/** The history, newest first. */
export function useHistory(): readonly HistoryEntry[] {
  return useSyncExternalStore(history.subscribe, history.getSnapshot)
}

/** How many requests were sent since the last clear; more than the history holds past HISTORY_CAP. */
export function useHistoryTotal(): number {
  return useSyncExternalStore(history.subscribe, history.getTotal)
}

/** The drafts sent from `operation` that the history holds, newest first. */
export function sentDrafts(operation: RequestDraft['operation']): RequestDraft[] {
  return history
    .getSnapshot()
    .filter((entry) => entry.draft.operation === operation)
    .map((entry) => entry.draft)
}
