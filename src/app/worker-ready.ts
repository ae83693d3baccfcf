/**
 * Whether the mock's worker runs yet. The explorer's shell renders at once; only what
 * sends waits for this (a fetch sent before `worker.start()` resolves reaches the real
 * network, decision 039). main.tsx settles it; features read it with `useWorkerReady()`
 * or await `whenWorkerReady()`.
 */
import { useSyncExternalStore } from 'react'

export type WorkerState = 'starting' | 'ready' | 'failed'

let state: WorkerState = 'starting'
const listeners = new Set<() => void>()
let resolveReady: () => void = () => {}
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve
})

function settle(next: WorkerState): void {
  if (state !== 'starting') return
  state = next
  if (next === 'ready') resolveReady()
  for (const listener of listeners) listener()
}

/** The worker answers from now on: every waiting send goes. */
export const markWorkerReady = (): void => settle('ready')

/** The worker will not start: waiting sends wait for good (the failure page replaces the shell). */
export const markWorkerFailed = (): void => settle('failed')

/** Resolves once the worker runs; never rejects (a failed start never resolves it). */
export const whenWorkerReady = (): Promise<void> => ready

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const getState = () => state

/** 'starting' until main.tsx says the worker runs ('ready') or cannot ('failed'). */
export function useWorkerReady(): WorkerState {
  return useSyncExternalStore(subscribe, getState)
}
