/**
 * One real-service routing per msw worker, like its network log: made on the first call, its
 * handler put ahead of the mock's with `worker.use`, each real answer marked in the log.
 */
import type { SetupWorker } from 'msw/browser'
import type { MockControl } from '#mocks/internal.ts'
import type { AnswerMark } from '../../app/model.ts'
import { browserStorage } from '../mock-controls/settings-storage.ts'
import type { NetworkLog } from '../network-log/network-log-model.ts'
import { createRealService, type RealAnswer, type RealService } from './real-service.ts'
import { installSavedScenarios } from './saved-scenarios.ts'

/** What the routing needs of a worker: a way to put its handler first. Without it, it stays off. */
export type RoutingWorker = Partial<Pick<SetupWorker, 'use' | 'listHandlers'>>

const services = new WeakMap<object, RealService & { installed: boolean }>()

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** The network log's badge for a real answer: where it went, and how many findings it had. */
export function markOf(answer: RealAnswer): AnswerMark {
  if (answer.failure !== null) return { kind: 'real', label: 'real · no answer', detail: answer.failure }
  const count = answer.findings.length
  return {
    kind: 'real',
    label: count === 0 ? 'real · clean' : `real · ${plural(count, 'finding')}`,
    detail: `answered by the real service: ${answer.method} ${answer.url}; ${count === 0 ? 'it passes the schema check' : `${plural(count, 'finding')} (see Drift)`}`,
  }
}

/**
 * The real-service routing of `worker`, made and installed on the first call, and the scenarios
 * saved from real answers added to `control`. `installed` is false for a worker that takes no
 * handler (a panel given only the worker's events).
 */
export function realServiceFor(
  worker: RoutingWorker,
  control: MockControl,
  log: Pick<NetworkLog, 'annotate'>,
): RealService & { installed: boolean } {
  const known = services.get(worker)
  if (known) return known
  const storage = browserStorage()
  installSavedScenarios(control, storage)
  const service = createRealService({
    control,
    storage,
    onAnswer: (answer) => log.annotate(answer.id, markOf(answer)),
  })
  const installed = typeof worker.use === 'function'
  // A host's resetHandlers() drops runtime handlers: applying a choice puts this one back first.
  const install = () => {
    if (installed && !worker.listHandlers?.().includes(service.handler)) worker.use?.(service.handler)
  }
  install()
  const { configure } = service
  const made = Object.assign(service, {
    installed,
    configure: (next: Parameters<typeof configure>[0]) => {
      install()
      configure(next)
    },
  })
  services.set(worker, made)
  return made
}
