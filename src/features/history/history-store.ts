/**
 * The history of sent requests: newest first, at most 100, kept in
 * localStorage and validated entry by entry when loaded. Read it with
 * `useHistory()` (useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react'
import type { Exchange, RequestDraft } from '../../app/explorer-bus.ts'
import { HistoryEntry } from './history-schema.ts'

export const HISTORY_KEY = 'artefact-explorer:history'
export const HISTORY_CAP = 100
/** Bodies longer than this are cut before storing, so 100 entries fit in localStorage. */
export const STORED_BODY_MAX = 32_000

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

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

/** Reads stored entries; anything that does not fit the schema is dropped. */
export function parseStoredHistory(raw: string | null): HistoryEntry[] {
  if (raw === null) return []
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(value)) return []
  const entries: HistoryEntry[] = []
  for (const item of value) {
    const parsed = HistoryEntry.safeParse(item)
    if (parsed.success) entries.push(parsed.data)
  }
  return entries.slice(0, HISTORY_CAP)
}

/** A history over `storage` (null: memory only). Tests pass their own. */
export function createHistoryStore(storage: KeyValueStorage | null) {
  let entries: readonly HistoryEntry[] | null = null
  const listeners = new Set<() => void>()

  const read = () => {
    try {
      return parseStoredHistory(storage?.getItem(HISTORY_KEY) ?? null)
    } catch {
      return []
    }
  }
  const write = (next: readonly HistoryEntry[]) => {
    entries = next
    // When storage is full, keep fewer entries rather than none.
    for (let kept = next.length; storage; kept = Math.floor(kept / 2)) {
      try {
        if (kept === 0) storage.removeItem(HISTORY_KEY)
        else storage.setItem(HISTORY_KEY, JSON.stringify(next.slice(0, kept)))
        break
      } catch {
        if (kept === 0) break
      }
    }
    listeners.forEach((listener) => listener())
  }

  return {
    record(draft: RequestDraft, exchange: Exchange): void {
      const entry = forStorage({ draft, exchange })
      write([entry, ...getSnapshot()].slice(0, HISTORY_CAP))
    },
    clear(): void {
      write([])
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot,
  }

  function getSnapshot(): readonly HistoryEntry[] {
    entries ??= read()
    return entries
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
