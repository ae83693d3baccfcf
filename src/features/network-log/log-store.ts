/**
 * One network log per msw worker: its life-cycle events fed into a log of
 * exchanges. The log is created and subscribed on the first `networkLogFor(worker)`
 * and shared by every later call, so a worker is listened to once however many
 * panels read it. Read it with `useNetworkLog(log)`.
 */
import type { SetupWorker } from 'msw/browser'
import { useSyncExternalStore } from 'react'
import type { MockControl } from '#mocks/internal.ts'
import type { Exchange } from '../../app/explorer-bus.ts'
import { createNetworkLog, type NetworkLog } from './network-log-model.ts'

/** What the log needs of a worker: its life-cycle events, and its handlers to tell overrides apart. */
export type LoggedWorker = Pick<SetupWorker, 'events'> & Partial<Pick<SetupWorker, 'listHandlers'>>

type MatchedHandler = { info?: { header?: string } }

const logs = new WeakMap<LoggedWorker, NetworkLog>()

/**
 * The log of `worker`, listening from the first call; call it before the first request to miss
 * none. The handlers the worker has then are its own: an answer from any other (`worker.use()`)
 * is marked overridden. With `control`, answers its latency setting delays are marked delayed.
 */
export function networkLogFor(worker: LoggedWorker, control?: Pick<MockControl, 'settings'>): NetworkLog {
  const known = logs.get(worker)
  if (known) {
    if (control) known.readLatencyFrom(() => control.settings.latency)
    return known
  }
  const log = createNetworkLog()
  logs.set(worker, log)
  if (control) log.readLatencyFrom(() => control.settings.latency)
  const initial = new Set<unknown>(worker.listHandlers?.() ?? [])
  const { events } = worker
  events.on('request:start', ({ requestId, request }) => log.started(requestId, request))
  // msw 2's event has no handler: nothing is marked there.
  events.on('request:match', (event) => {
    const handler = (event as { handler?: MatchedHandler }).handler
    if (handler && initial.size > 0 && !initial.has(handler))
      log.overridden(event.requestId, handler.info?.header ?? 'a runtime handler')
  })
  events.on('request:unhandled', ({ requestId }) => log.forget(requestId))
  events.on('response:bypass', ({ requestId }) => log.forget(requestId))
  events.on('response:mocked', ({ requestId, request, response }) => void log.mocked(requestId, request, response))
  events.on('unhandledException', ({ requestId, request, error }) => void log.failed(requestId, request, error))
  return log
}

/** The logged exchanges, newest first. */
export function useNetworkLog(log: NetworkLog): readonly Exchange[] {
  return useSyncExternalStore(log.subscribe, log.getSnapshot)
}

/** How many exchanges were logged since the last clear, those dropped past the cap included. */
export function useNetworkLogTotal(log: NetworkLog): number {
  return useSyncExternalStore(log.subscribe, log.getTotal)
}
