/**
 * One network log per msw worker: its life-cycle events fed into a log of
 * exchanges. The log is created and subscribed on the first `networkLogFor(worker)`
 * and shared by every later call, so a worker is listened to once however many
 * panels read it. Read it with `useNetworkLog(log)`.
 */
import type { SetupWorker } from 'msw/browser'
import { useSyncExternalStore } from 'react'
import type { Exchange } from '../../app/explorer-bus.ts'
import { createNetworkLog, type NetworkLog } from './network-log-model.ts'

/** What the log needs of a worker: its life-cycle events. */
export type LoggedWorker = Pick<SetupWorker, 'events'>

const logs = new WeakMap<LoggedWorker, NetworkLog>()

/** The log of `worker`, listening from the first call; call it before the first request to miss none. */
export function networkLogFor(worker: LoggedWorker): NetworkLog {
  const known = logs.get(worker)
  if (known) return known
  const log = createNetworkLog()
  logs.set(worker, log)
  const { events } = worker
  events.on('request:start', ({ requestId, request }) => log.started(requestId, request))
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
