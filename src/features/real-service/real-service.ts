/**
 * Sending chosen operations to the real service from the browser (contract §13): one msw
 * handler, ahead of the mock's, forwards a chosen operation's request to the same path under
 * the real base URL with `fetch(bypass(...))`, checks the answer with the mock's own checker,
 * and hands the real answer back. The explorer's sends and an app's (under the panel) take the
 * same way (docs/decisions/060-real-service-in-the-browser.md).
 */
import { bypass, http } from 'msw'
import {
  checkExchange,
  type DriftReport,
  driftCollector,
  type Finding,
  type MockControl,
  operationOf,
  toHeaderValue,
} from '#mocks/internal.ts'
import type { OperationId } from '../../app/model.ts'
import type { KeyValueStorage } from '../mock-controls/settings-storage.ts'
import {
  type RealServiceConfig,
  readRealServiceConfig,
  realUrlOf,
  writeRealServiceConfig,
} from './real-service-config.ts'

/** One request the real service was sent, and what came back (or why nothing did). */
export interface RealAnswer {
  /** msw's request id: the network log's entry for the same request. */
  id: string
  at: number
  operation: OperationId
  method: string
  /** Where it went: the page's path and query under the base URL. */
  url: string
  /** The spec's path and query the page asked for (what the checker judges; a base URL's own path left out). */
  path: string
  status: number | null
  contentType: string | null
  body: string
  /** Why no answer came (a network error: CORS, the policy, or nothing listening); null when one came. */
  failure: string | null
  findings: readonly Finding[]
}

export interface RealServiceState {
  config: RealServiceConfig
  /** The newest real answers first, at most `ANSWERS_CAP`. */
  answers: readonly RealAnswer[]
  /** The findings so far, grouped (the HTTP mode's report shape). */
  report: DriftReport
  /** Real answers checked since the last clear. */
  checked: number
}

const ANSWERS_CAP = 50
// The mock's and the explorer's own headers mean nothing to the real service, and would need a CORS preflight.
const LOCAL_HEADER = /^(x-mock-|x-artefact-explorer$)/i
// Hop-by-hop or recomputed: the body handed back is already decoded.
const DROPPED_ANSWER_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding'])
const NULL_BODY = new Set([101, 204, 205, 304])

/** What the page is told when no answer came: the HTTP mode's 502 with the Error body, the reason in X-Mock-Reason. */
function badGateway(reason: string): Response {
  return new Response(JSON.stringify({ errorCode: '502', message: 'Bad Gateway' }), {
    status: 502,
    headers: { 'Content-Type': 'application/json', 'X-Mock-Reason': toHeaderValue(reason) },
  })
}

/** The words for a request to `url` that got no answer, from the page at `origin`. */
export function noAnswerReason(url: string, origin: string): string {
  return `the real service at ${new URL(url).origin} gave no answer (a network error): it must allow this page's origin ${origin} with CORS (Access-Control-Allow-Origin, and the preflight for a POST), and be reachable from this browser`
}

export interface RealServiceOptions {
  control: Pick<MockControl, 'scenario'>
  storage: KeyValueStorage | null
  /** Tells of each real answer as it is recorded (the network log marks its entry). */
  onAnswer?: (answer: RealAnswer) => void
  send?: typeof fetch
  now?: () => number
  /** The page's origin, for the CORS hint. */
  origin?: string
}

/** The real-service routing of one worker: its choice, its msw handler, and the answers and findings so far. */
export function createRealService({
  control,
  storage,
  onAnswer,
  send = (request) => globalThis.fetch(request),
  now = Date.now,
  origin = globalThis.location?.origin ?? 'this page',
}: RealServiceOptions) {
  let config = readRealServiceConfig(storage)
  let answers: readonly RealAnswer[] = []
  let checked = 0
  const collector = driftCollector()
  let state: RealServiceState | null = null
  const listeners = new Set<() => void>()
  const changed = () => {
    state = null
    for (const listener of listeners) listener()
  }

  /** Where a request goes when it is one of the chosen operations, while the default scenario is in use. */
  function targetOf(request: Request): { operation: OperationId; url: string } | null {
    if (config.baseUrl === null || config.operations.length === 0 || control.scenario.id !== 'default') return null
    const operation = operationOf(request.method, request.url)?.name as OperationId | undefined
    if (!operation || !config.operations.includes(operation)) return null
    return { operation, url: realUrlOf(config.baseUrl, request.url) }
  }

  function record(answer: RealAnswer): void {
    answers = [answer, ...answers].slice(0, ANSWERS_CAP)
    checked += 1
    collector.add(answer.findings)
    onAnswer?.(answer)
    changed()
  }

  async function forward(request: Request, requestId: string): Promise<Response | undefined> {
    const target = targetOf(request)
    if (!target) return undefined
    const headers = new Headers()
    for (const [name, value] of request.headers) if (!LOCAL_HEADER.test(name)) headers.append(name, value)
    const method = request.method.toUpperCase()
    const requestBody = method === 'GET' || method === 'HEAD' ? undefined : await request.clone().text()
    const asked = new URL(request.url)
    const path = `${asked.pathname}${asked.search}`
    const base = { id: requestId, at: now(), operation: target.operation, method, url: target.url, path }
    let response: Response
    try {
      response = await send(
        bypass(new Request(target.url, { method, headers, body: requestBody ?? null, credentials: 'omit' })),
      )
    } catch {
      const failure = noAnswerReason(target.url, origin)
      record({ ...base, status: null, contentType: null, body: '', failure, findings: [] })
      return badGateway(failure)
    }
    const body = await response.text()
    const contentType = response.headers.get('Content-Type')
    // Judged on the spec's own path: a base URL's path (`/api`) is the deployment's, not the API's.
    const findings = checkExchange({ method, url: path, requestBody, status: response.status, contentType, body })
    record({ ...base, status: response.status, contentType, body, failure: null, findings })
    const answerHeaders = new Headers()
    for (const [name, value] of response.headers)
      if (!DROPPED_ANSWER_HEADERS.has(name.toLowerCase())) answerHeaders.append(name, value)
    return new Response(NULL_BODY.has(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: answerHeaders,
    })
  }

  const handler = http.all(
    ({ request }) => ({ matches: targetOf(request) !== null, params: {} }),
    ({ request, requestId }) => forward(request, requestId),
  )

  return {
    handler,
    /** The operation and real URL a request would go to now, or null when the mock answers it. */
    targetOf,
    configure(next: RealServiceConfig): void {
      config = { baseUrl: next.baseUrl, operations: [...new Set(next.operations)] }
      writeRealServiceConfig(storage, config)
      changed()
    },
    /** Forgets the answers and findings so far (the choice stays). */
    clear(): void {
      answers = []
      checked = 0
      collector.clear()
      changed()
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot(): RealServiceState {
      state ??= { config, answers, report: collector.report(), checked }
      return state
    },
  }
}

export type RealService = ReturnType<typeof createRealService>
