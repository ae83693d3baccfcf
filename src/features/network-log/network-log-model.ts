/**
 * The network log's pure part: pairs msw's `request:start` with the answer
 * of the same requestId and turns each pair into an Exchange, newest first.
 * log-store.ts wires it to the browser worker's events.
 */
import type { Exchange, OperationId } from '../../app/explorer-bus.ts'
import { createRouter, createScope } from '#mocks/handlers/router.ts'
import { OPERATIONS } from '#mocks/operations/registry.ts'

export const LOG_CAP = 500
/** Requests started but not yet answered; the oldest are forgotten past this. */
const PENDING_CAP = 200
export const EXPLORER_MARKER = 'x-artefact-explorer'

const scope = createScope()
const router = createRouter(OPERATIONS)

/** Which operation a request addresses (path and method), or null for anything else. */
export function operationOf(method: string, url: string): OperationId | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  const rest = scope.locate(parsed)
  const found = rest === null ? null : router.route(rest)
  const upper = method.toUpperCase()
  return OPERATIONS.find((operation) => found?.operations.includes(operation) && operation.method === upper)?.name ?? null
}

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'failed'

export function statusClassOf(exchange: Pick<Exchange, 'response'>): StatusClass {
  const status = exchange.response?.status
  if (status === undefined || status < 200) return 'failed'
  if (status < 300) return '2xx'
  if (status < 400) return '3xx'
  if (status < 500) return '4xx'
  return '5xx'
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

async function readText(message: Request | Response): Promise<string | null> {
  if (message.body === null) return null
  try {
    return await message.clone().text()
  } catch (error) {
    return `(body could not be read: ${describe(error)})`
  }
}

interface Started {
  at: number
  startedMs: number
  request: Request
}

export interface NetworkLogOptions {
  cap?: number
  /** Wall clock for `at`, in epoch ms. */
  now?: () => number
  /** Monotonic clock for durations, in ms. */
  elapsed?: () => number
}

/** A log of exchanges the mock answered, for useSyncExternalStore. */
export function createNetworkLog({ cap = LOG_CAP, now = Date.now, elapsed = () => performance.now() }: NetworkLogOptions = {}) {
  const pending = new Map<string, Started>()
  let entries: readonly Exchange[] = []
  const listeners = new Set<() => void>()

  const add = (entry: Exchange) => {
    entries = [entry, ...entries].sort((a, b) => b.at - a.at).slice(0, cap)
    listeners.forEach((listener) => listener())
  }

  const take = (requestId: string, request: Request): Started => {
    const started = pending.get(requestId)
    pending.delete(requestId)
    return started ?? { at: now(), startedMs: elapsed(), request }
  }

  const baseEntry = async (requestId: string, started: Started, request: Request) => ({
    id: requestId,
    at: started.at,
    operation: operationOf(request.method, request.url),
    request: {
      method: request.method,
      url: request.url,
      headers: [...request.headers],
      body: await readText(started.request ?? request),
    },
    source: request.headers.get(EXPLORER_MARKER) === '1' ? ('explorer' as const) : ('page' as const),
  })

  return {
    /** `request:start`: remember when, and a copy of the request before a handler reads its body. */
    started(requestId: string, request: Request): void {
      pending.set(requestId, { at: now(), startedMs: elapsed(), request: request.clone() })
      if (pending.size > PENDING_CAP) pending.delete(pending.keys().next().value!)
    },
    /** `response:mocked`: the mock answered; logs the pair. */
    async mocked(requestId: string, request: Request, response: Response): Promise<void> {
      const started = take(requestId, request)
      const durationMs = Math.max(0, Math.round(elapsed() - started.startedMs))
      const base = await baseEntry(requestId, started, request)
      const body = (await readText(response)) ?? ''
      add({ ...base, durationMs, failure: null, response: { status: response.status, statusText: response.statusText, headers: [...response.headers], body } })
    },
    /** `unhandledException`: a handler threw; logs it as a failure. */
    async failed(requestId: string, request: Request, error: unknown): Promise<void> {
      const started = take(requestId, request)
      const durationMs = Math.max(0, Math.round(elapsed() - started.startedMs))
      const base = await baseEntry(requestId, started, request)
      add({ ...base, durationMs, response: null, failure: `the handler threw ${describe(error)}` })
    },
    /** `request:unhandled` / `response:bypass`: not the mock's; forget it. */
    forget(requestId: string): void {
      pending.delete(requestId)
    },
    clear(): void {
      entries = []
      listeners.forEach((listener) => listener())
    },
    pendingCount: () => pending.size,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: (): readonly Exchange[] => entries,
  }
}

export type NetworkLog = ReturnType<typeof createNetworkLog>
