import type { Exchange, RequestDraft } from '../../app/model.ts'
import { createArtefact, CreateArtefactResponse } from '#mocks/internal.ts'
import { planRequest, toRequest } from './build-request.ts'
import { routeOf } from './free-request.ts'

export interface SendOptions {
  fetch?: typeof fetch
  origin?: string
  now?: () => number
  clock?: () => number
  /** Aborts the request (the builder's Cancel). */
  signal?: AbortSignal
}

const entries = (headers: Headers): Array<[string, string]> => [...headers.entries()]

/** The words for a request that was cancelled. */
export const CANCELLED = 'Cancelled: no answer was waited for.'

/**
 * Sends a draft (its form, or its free request) through the page's fetch, so the
 * service worker answers, and never throws: a network failure, a request fetch
 * refuses, or a cancel is an Exchange with `failure` set.
 */
export async function sendDraft(draft: RequestDraft, options: SendOptions = {}): Promise<Exchange> {
  const {
    fetch: send = globalThis.fetch.bind(globalThis),
    origin = globalThis.location?.origin ?? 'http://localhost',
    now = Date.now,
    clock = () => performance.now(),
    signal,
  } = options
  const plan = planRequest(draft, origin)
  const route = routeOf(plan.method, plan.url)
  const base = {
    id: crypto.randomUUID(),
    at: now(),
    operation: route.kind === 'operation' ? route.operation : null,
    request: { method: plan.method, url: plan.url, headers: plan.headers, body: plan.body },
    source: 'explorer' as const,
  }
  const started = clock()
  try {
    const request = toRequest(plan, signal)
    const response = await send(request)
    const body = await response.text()
    return {
      ...base,
      request: { ...base.request, headers: entries(request.headers) },
      response: { status: response.status, statusText: response.statusText, headers: entries(response.headers), body },
      failure: null,
      durationMs: clock() - started,
    }
  } catch (error) {
    const failure = signal?.aborted ? CANCELLED : error instanceof Error ? error.message : String(error)
    return { ...base, response: null, failure, durationMs: clock() - started }
  }
}

/** The id of the artefact a successful create made, if this exchange is one. */
export function createdArtefactId(exchange: Exchange): string | null {
  if (exchange.operation !== createArtefact.name || exchange.response?.status !== createArtefact.success.status)
    return null
  let body: unknown
  try {
    body = JSON.parse(exchange.response.body)
  } catch {
    return null
  }
  const answer = CreateArtefactResponse.safeParse(body)
  return answer.success && !answer.data.hasErrors ? answer.data.responseId : null
}
