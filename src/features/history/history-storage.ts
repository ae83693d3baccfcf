/**
 * The history in localStorage: one key per entry, and the list of their ids under
 * HISTORY_KEY, newest first. A send writes its own entry (a few kB) and the short list; it
 * never writes the whole history again. Rewritten on every send, 100 entries (~300 kB of
 * JSON) cost each send 3-6 ms of stringify and setItem and left that much garbage, a long
 * collection every few sends (issue 37, point 8). A list of whole entries, as stored before,
 * is read once and moved to this form.
 */
import { HistoryEntry } from './history-schema.ts'

export const HISTORY_KEY = 'artefact-explorer:history'
/** How many were sent since the last clear, those dropped past the cap included. */
export const HISTORY_TOTAL_KEY = 'artefact-explorer:history-sent'
export const HISTORY_CAP = 100

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Where one entry is kept. */
export const entryKey = (id: string) => `${HISTORY_KEY}:${id}`

function parse(raw: string | null): unknown {
  if (raw === null) return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

/** Reads a list of whole entries (the form before entries had keys of their own); what does not fit the schema is dropped. */
export function parseStoredHistory(raw: string | null): HistoryEntry[] {
  const value = parse(raw)
  if (!Array.isArray(value)) return []
  const entries: HistoryEntry[] = []
  for (const item of value) {
    const parsed = HistoryEntry.safeParse(item)
    if (parsed.success) entries.push(parsed.data)
  }
  return entries.slice(0, HISTORY_CAP)
}

/** The entries and the count of those sent, as stored; the storage's form brought up to date. */
export function createHistoryStorage(storage: KeyValueStorage) {
  /** The ids stored, newest first: the entries that survived a full storage. */
  let stored: string[] = []

  const writeIndex = () => storage.setItem(HISTORY_KEY, JSON.stringify(stored))

  /** Writes one entry; when storage is full, the oldest stored entries go until it fits (or none is left). */
  function put(entry: HistoryEntry): boolean {
    const text = JSON.stringify(entry)
    for (;;) {
      try {
        storage.setItem(entryKey(entry.exchange.id), text)
        return true
      } catch {
        const oldest = stored.pop()
        if (oldest === undefined) return false
        storage.removeItem(entryKey(oldest))
      }
    }
  }

  function load(): { entries: HistoryEntry[]; sent: number } {
    const value = parse(storage.getItem(HISTORY_KEY))
    const list = Array.isArray(value) ? value : []
    let entries: HistoryEntry[]
    if (list.every((item) => typeof item === 'string')) {
      entries = []
      for (const id of list.slice(0, HISTORY_CAP) as string[]) {
        const parsed = HistoryEntry.safeParse(parse(storage.getItem(entryKey(id))))
        if (parsed.success && parsed.data.exchange.id === id) entries.push(parsed.data)
      }
      stored = entries.map((entry) => entry.exchange.id)
    } else {
      // The older form: every entry in one value. Moved, oldest first, so the newest survive a full storage.
      entries = parseStoredHistory(JSON.stringify(list))
      stored = []
      for (const entry of [...entries].reverse()) if (put(entry)) stored.unshift(entry.exchange.id)
      writeIndex()
    }
    const sent = Number(storage.getItem(HISTORY_TOTAL_KEY))
    return { entries, sent: Number.isSafeInteger(sent) && sent > entries.length ? sent : entries.length }
  }

  return {
    load,
    /** Stores a new entry as the newest: its own key, the list, the count; the one pushed past the cap goes. */
    add(entry: HistoryEntry, sent: number): void {
      const { id } = entry.exchange
      stored = stored.filter((known) => known !== id)
      for (const gone of stored.splice(HISTORY_CAP - 1)) storage.removeItem(entryKey(gone))
      if (put(entry)) stored.unshift(id)
      writeIndex()
      storage.setItem(HISTORY_TOTAL_KEY, String(sent))
    },
    clear(): void {
      for (const id of stored) storage.removeItem(entryKey(id))
      stored = []
      storage.removeItem(HISTORY_KEY)
      storage.removeItem(HISTORY_TOTAL_KEY)
    },
  }
}
