/**
 * Keeps the builder's drafts across reloads: one per operation, the current one
 * and the last created id, in localStorage. What is read back is untrusted and
 * validated draft by draft; a draft that does not fit is dropped, not repaired.
 */
import * as z from 'zod'
import { OPERATION_NAMES } from '#mocks/internal.ts'
import { getBusState, subscribeBus } from './explorer-bus.ts'
import { type Drafts, OperationId, RequestDraft } from './model.ts'

export const DRAFTS_KEY = 'artefact-explorer:drafts'

export interface SavedDrafts {
  current: OperationId | null
  drafts: Drafts
  lastCreated: string | null
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

const EMPTY: SavedDrafts = { current: null, drafts: {}, lastCreated: null }

/** Reads what `saveDrafts` wrote; anything that does not fit is left out. */
export function parseSavedDrafts(raw: string | null): SavedDrafts {
  let value: unknown
  try {
    value = raw === null ? null : JSON.parse(raw)
  } catch {
    return EMPTY
  }
  if (typeof value !== 'object' || value === null) return EMPTY
  const { current, drafts, lastCreated } = value as Record<string, unknown>
  const kept: Drafts = {}
  for (const name of OPERATION_NAMES) {
    const found =
      typeof drafts === 'object' && drafts !== null && Object.hasOwn(drafts, name)
        ? (drafts as Record<string, unknown>)[name]
        : undefined
    const parsed = RequestDraft.safeParse(found)
    if (parsed.success && parsed.data.operation === name) kept[name] = parsed.data
  }
  return {
    current: OperationId.safeParse(current).data ?? null,
    drafts: kept,
    lastCreated: z.guid().safeParse(lastCreated).data ?? null,
  }
}

function storage(): KeyValueStorage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function loadDrafts(from: KeyValueStorage | null = storage()): SavedDrafts {
  try {
    return parseSavedDrafts(from?.getItem(DRAFTS_KEY) ?? null)
  } catch {
    return EMPTY
  }
}

/** Writes the bus's drafts whenever they change, at most once a frame; returns the unsubscribe. */
export function saveDraftsOnChange(to: KeyValueStorage | null = storage()): () => void {
  let scheduled = false
  let last: unknown = null
  const write = () => {
    scheduled = false
    const { draft, drafts, lastCreated } = getBusState()
    try {
      to?.setItem(DRAFTS_KEY, JSON.stringify({ current: draft?.operation ?? null, drafts, lastCreated }))
    } catch {
      // Storage full or blocked: the drafts still live for this page.
    }
  }
  const unsubscribe = subscribeBus(() => {
    const { drafts, lastCreated, draft } = getBusState()
    const key = [drafts, lastCreated, draft?.operation]
    if (last && (last as unknown[]).every((part, index) => part === key[index])) return
    last = key
    if (!scheduled) {
      scheduled = true
      setTimeout(write, 50)
    }
  })
  window.addEventListener('pagehide', write)
  return () => {
    unsubscribe()
    window.removeEventListener('pagehide', write)
  }
}
