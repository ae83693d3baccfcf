import { useSyncExternalStore } from 'react'

/** The id of the last artefact the explorer created, offered first in the id picker. */
let lastCreatedId: string | null = null
const listeners = new Set<() => void>()

export function setLastCreated(id: string): void {
  lastCreatedId = id
  listeners.forEach((listener) => listener())
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useLastCreated(): string | null {
  return useSyncExternalStore(subscribe, () => lastCreatedId)
}
