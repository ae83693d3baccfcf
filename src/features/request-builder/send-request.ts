import type { Exchange, RequestDraft } from '../../app/explorer-bus.ts'
import { createArtefact } from '#mocks/operations/create-artefact.ts'
import { CreateArtefactResponse } from '#mocks/schemas.ts'
import { buildRequest } from './build-request.ts'

export interface SendOptions {
  fetch?: typeof fetch
  origin?: string
  now?: () => number
  clock?: () => number
}

const entries = (headers: Headers): Array<[string, string]> => [...headers.entries()]

/**
 * Sends a draft through the page's fetch (so the service worker answers) and
 * never throws: a network failure is an Exchange with `failure` set.
 */
export async function sendDraft(draft: RequestDraft, options: SendOptions = {}): Promise<Exchange> {
  const {
    fetch: send = globalThis.fetch.bind(globalThis),
    origin = globalThis.location?.origin ?? 'http://localhost',
    now = Date.now,
    clock = () => performance.now(),
  } = options
  const request = buildRequest(draft, origin)
  const base = {
    id: crypto.randomUUID(),
    at: now(),
    operation: draft.operation,
    request: {
      method: request.method,
      url: request.url,
      headers: entries(request.headers),
      body: request.method === 'GET' ? null : draft.body,
    },
    source: 'explorer' as const,
  }
  const started = clock()
  try {
    const response = await send(request)
    const body = await response.text()
    return {
      ...base,
      response: { status: response.status, statusText: response.statusText, headers: entries(response.headers), body },
      failure: null,
      durationMs: clock() - started,
    }
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error)
    return { ...base, response: null, failure, durationMs: clock() - started }
  }
}

/** The id of the artefact a successful create made, if this exchange is one. */
export function createdArtefactId(exchange: Exchange): string | null {
  if (exchange.operation !== createArtefact.name || exchange.response?.status !== createArtefact.success.status) return null
  let body: unknown
  try {
    body = JSON.parse(exchange.response.body)
  } catch {
    return null
  }
  const answer = CreateArtefactResponse.safeParse(body)
  return answer.success && !answer.data.hasErrors ? answer.data.responseId : null
}
