/**
 * Why the mock refused to start for what the page's URL asked (contract §12: an unknown
 * scenario, or settings the schema refuses), for the banner that says so. main.tsx sets it.
 */
import { useSyncExternalStore } from 'react'
import { SettingsError, UnknownScenario } from '#mocks/internal.ts'

export interface StartRefusal {
  /** What was refused, in a sentence. */
  reason: string
  /** The scenario ids the mock knows, when an id was refused. */
  known: readonly string[]
}

let refusal: StartRefusal | null = null
const listeners = new Set<() => void>()

/** The refusal `error` is, when it is one a person can act on from the page; null for any other failure. */
export function refusalOf(error: unknown): StartRefusal | null {
  if (error instanceof UnknownScenario)
    return { reason: error.message.replace(/^\[artefact-mock\] /, ''), known: error.known }
  if (error instanceof SettingsError) return { reason: error.message.replace(/^\[artefact-mock\] /, ''), known: [] }
  return null
}

/** Shows the banner. */
export function refuseStart(next: StartRefusal): void {
  refusal = next
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useStartRefusal(): StartRefusal | null {
  return useSyncExternalStore(subscribe, () => refusal)
}
