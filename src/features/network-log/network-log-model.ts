/**
 * The network log's pure part: pairs msw's `request:start` with the answer
 * of the same requestId and turns each pair into an Exchange, newest first.
 * log-store.ts wires it to the browser worker's events.
 */
import type { AnswerMark, Exchange, OperationId } from '../../app/explorer-bus.ts'
import { createRouter, createScope, type LatencySetting, OPERATIONS } from '#mocks/internal.ts'

/**
 * The newest exchanges kept: rendering is virtualised, so this bounds memory, not render cost.
 * A typical exchange holds 2-4 KB of headers and JSON, so 1,000 are a few MB; see decision 038.
 */
export const LOG_CAP = 1000
/** Body characters kept across the log: a few 1 MB bodies must not hold on to the page's memory. */
const LOG_TEXT_CAP = 16_000_000
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
  return (
    OPERATIONS.find((operation) => found?.operations.includes(operation) && operation.method === upper)?.name ?? null
  )
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
  /** The latency setting when the request started, when it delays answers. */
  latency: LatencySetting | null
  /** The handler that answered was added at run time (worker.use): its description. */
  overriddenBy?: string
  /** Marks told by whoever answered (the real service: where it went, its findings). */
  told?: AnswerMark[]
}

/** A latency setting in words, or null when it delays nothing. */
export function describeLatency(latency: LatencySetting): string | null {
  if (latency.mode === 'fixed') return latency.ms > 0 ? `${latency.ms} ms` : null
  if (latency.mode === 'range') return latency.maxMs > 0 ? `${latency.minMs}–${latency.maxMs} ms` : null
  return null
}

/** What made this answer other than the mock's own rules: a forced status, an override, latency. */
function marksOf(started: Started, response: Response | null, durationMs: number): AnswerMark[] {
  const marks: AnswerMark[] = [...(started.told ?? [])]
  const reason = response?.headers.get('X-Mock-Reason') ?? ''
  if (reason.startsWith('forced by')) marks.push({ kind: 'forced', detail: reason })
  // The real service's handler is added at run time too, but it is no override of the mock's answer.
  const real = marks.some((mark) => mark.kind === 'real')
  if (started.overriddenBy !== undefined && !real) {
    marks.push({ kind: 'overridden', detail: `answered by a handler added with use(): ${started.overriddenBy}` })
  }
  const latency = started.latency && describeLatency(started.latency)
  if (latency)
    marks.push({ kind: 'delayed', detail: `latency ${latency} (mock control); answered in ${durationMs} ms` })
  return marks
}

export interface NetworkLogOptions {
  cap?: number
  /** Body characters kept across all entries; the oldest go first (the newest always stays). */
  textCap?: number
  /** Wall clock for `at`, in epoch ms. */
  now?: () => number
  /** Monotonic clock for durations, in ms. */
  elapsed?: () => number
}

/** Marks imported entries apart, so their ids never clash with the page's own. */
let importCount = 0

const textOf = (entry: Exchange) => (entry.request.body?.length ?? 0) + (entry.response?.body.length ?? 0)

/** Where `entry` goes in a newest-first list: before the first one not newer than it. */
function insertionIndex(entries: readonly Exchange[], at: number): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (entries[middle]!.at > at) low = middle + 1
    else high = middle
  }
  return low
}

/** The newest entries within both caps. */
function trimmed(entries: Exchange[], cap: number, textCap: number): Exchange[] {
  let kept = Math.min(entries.length, cap)
  let text = 0
  for (let index = 0; index < kept; index += 1) {
    text += textOf(entries[index]!)
    if (text > textCap && index > 0) kept = index
  }
  if (kept < entries.length) entries.length = kept
  return entries
}

/** A log of exchanges the mock answered, for useSyncExternalStore. */
export function createNetworkLog({
  cap = LOG_CAP,
  textCap = LOG_TEXT_CAP,
  now = Date.now,
  elapsed = () => performance.now(),
}: NetworkLogOptions = {}) {
  const pending = new Map<string, Started>()
  let entries: readonly Exchange[] = []
  /** Exchanges logged since the last clear, the dropped ones included. */
  let total = 0
  let latencyNow: () => LatencySetting | null = () => null
  const listeners = new Set<() => void>()

  const add = (...added: Exchange[]) => {
    let next: Exchange[]
    if (added.length === 1) {
      // A live answer: one insertion in order, not a sort of the whole log per request.
      const [entry] = added as [Exchange]
      next = [...entries]
      next.splice(insertionIndex(entries, entry.at), 0, entry)
    } else next = [...added, ...entries].sort((a, b) => b.at - a.at)
    total += added.length
    entries = trimmed(next, cap, textCap)
    listeners.forEach((listener) => listener())
  }

  const take = (requestId: string, request: Request): Started => {
    const started = pending.get(requestId)
    pending.delete(requestId)
    return started ?? { at: now(), startedMs: elapsed(), request, latency: null }
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
      pending.set(requestId, { at: now(), startedMs: elapsed(), request: request.clone(), latency: latencyNow() })
      if (pending.size > PENDING_CAP) pending.delete(pending.keys().next().value!)
    },
    /** `request:match` by a handler added at run time: the answer is an override. */
    overridden(requestId: string, description: string): void {
      const started = pending.get(requestId)
      if (started) started.overriddenBy = description
    },
    /** A mark for a request not yet answered, told by the handler answering it (the real service's). */
    annotate(requestId: string, mark: AnswerMark): void {
      const started = pending.get(requestId)
      if (started) started.told = [...(started.told ?? []), mark]
    },
    /** Where `started` reads the latency setting from (the mock's control), so delayed answers are marked. */
    readLatencyFrom(read: () => LatencySetting): void {
      latencyNow = read
    },
    /** `response:mocked`: the mock answered; logs the pair. */
    async mocked(requestId: string, request: Request, response: Response): Promise<void> {
      const started = take(requestId, request)
      const durationMs = Math.max(0, Math.round(elapsed() - started.startedMs))
      const base = await baseEntry(requestId, started, request)
      const body = (await readText(response)) ?? ''
      const marks = marksOf(started, response, durationMs)
      add({
        ...base,
        durationMs,
        timing: 'in-mock' as const,
        failure: null,
        response: { status: response.status, statusText: response.statusText, headers: [...response.headers], body },
        ...(marks.length > 0 && { marks }),
      })
    },
    /** `unhandledException`: a handler threw; logs it as a failure. */
    async failed(requestId: string, request: Request, error: unknown): Promise<void> {
      const started = take(requestId, request)
      const durationMs = Math.max(0, Math.round(elapsed() - started.startedMs))
      const base = await baseEntry(requestId, started, request)
      const marks = marksOf(started, null, durationMs)
      add({
        ...base,
        durationMs,
        timing: 'in-mock' as const,
        response: null,
        failure: `the handler threw ${describe(error)}`,
        ...(marks.length > 0 && { marks }),
      })
    },
    /** Adds exchanges read from a HAR file, for reading; they are marked as imported. */
    imported(exchanges: readonly Exchange[]): void {
      importCount += 1
      add(
        ...exchanges.map((exchange, index) => ({
          ...exchange,
          id: `har-${importCount}-${index}`,
          source: 'imported' as const,
        })),
      )
    },
    /** `request:unhandled` / `response:bypass`: not the mock's; forget it. */
    forget(requestId: string): void {
      pending.delete(requestId)
    },
    clear(): void {
      entries = []
      total = 0
      listeners.forEach((listener) => listener())
    },
    pendingCount: () => pending.size,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: (): readonly Exchange[] => entries,
    /** How many exchanges were logged since the last clear; more than the snapshot holds once the oldest are dropped. */
    getTotal: (): number => total,
  }
}

export type NetworkLog = ReturnType<typeof createNetworkLog>
