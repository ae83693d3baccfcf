/**
 * The page's network log: msw's life-cycle events on the browser worker, fed
 * into one network log. Started once (by `startNetworkLog()` or the first
 * reader), read with `useNetworkLog()`.
 */
import { useSyncExternalStore } from 'react'
import { worker } from '#mocks/browser.ts'
import type { Exchange } from '../../app/explorer-bus.ts'
import { createNetworkLog } from './network-log-model.ts'

const log = createNetworkLog()
let started = false

/** Listens to the worker's events; call it before the first request to miss none. Later calls do nothing. */
export function startNetworkLog(): void {
  if (started) return
  started = true
  const { events } = worker
  events.on('request:start', ({ requestId, request }) => log.started(requestId, request))
  events.on('request:unhandled', ({ requestId }) => log.forget(requestId))
  events.on('response:bypass', ({ requestId }) => log.forget(requestId))
  events.on('response:mocked', ({ requestId, request, response }) => void log.mocked(requestId, request, response))
  events.on('unhandledException', ({ requestId, request, error }) => void log.failed(requestId, request, error))
}

export function clearNetworkLog(): void {
  log.clear()
}

const subscribe = (listener: () => void) => {
  startNetworkLog()
  return log.subscribe(listener)
}

/** The logged exchanges, newest first. */
export function useNetworkLog(): readonly Exchange[] {
  return useSyncExternalStore(subscribe, log.getSnapshot)
}
