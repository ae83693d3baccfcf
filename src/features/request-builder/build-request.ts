import type { HeaderChoice, RequestDraft } from '../../app/model.ts'
import { PREFIX } from '#mocks/internal.ts'
import { operationInfo } from '../operations/catalogue.ts'
import { freePath, freeHeaders, normaliseMethod } from './free-request.ts'

/** Marks every request the explorer sends, so the network log can tell them from the page's. */
export const EXPLORER_HEADER = 'X-Artefact-Explorer'

// Keeps & and = so a raw value such as `true&isDraft=false` reaches the mock as typed; # would end the URL.
const encodeRaw = (value: string) => encodeURI(value).replace(/#/g, '%23')

/** The exact request the builder will send: what the "exact request" view shows and what fetch gets. */
export interface PlannedRequest {
  method: string
  /** Absolute URL. */
  url: string
  /** Every header the explorer sets, in order, its marker included. */
  headers: Array<[string, string]>
  /** null when the method carries none (GET, HEAD) or the operation takes none. */
  body: string | null
}

/** The path and query the form addresses, e.g. `/v3/preview-upcoming/resources/artefact?isDraft=true`. */
export function draftPath(draft: RequestDraft): string {
  const info = operationInfo(draft.operation)
  const path = `${PREFIX}${info.path.replace('{id}', encodeURIComponent(draft.id))}`
  if (!info.query.includes('isDraft') || draft.isDraft.mode === 'omit') return path
  return `${path}?isDraft=${encodeRaw(draft.isDraft.value)}`
}

const chosen = (choice: HeaderChoice): string | null => (choice.mode === 'value' ? choice.value : null)

/** The headers the form sends, in the order shown; omitted choices are really absent. */
export function draftHeaders(draft: RequestDraft): Array<[string, string]> {
  const takesBody = operationInfo(draft.operation).requestSchema !== null
  const headers: Array<[string, string]> = []
  const accept = chosen(draft.accept)
  const contentType = takesBody ? chosen(draft.contentType) : null
  const prefer = chosen(draft.prefer)
  if (accept !== null) headers.push(['Accept', accept])
  if (contentType !== null) headers.push(['Content-Type', contentType])
  if (prefer !== null) headers.push(['Prefer', prefer])
  return headers
}

const carriesBody = (method: string) => method !== 'GET' && method !== 'HEAD'

/** The request a draft describes: the form, or the free request in advanced mode. */
export function planRequest(draft: RequestDraft, origin: string): PlannedRequest {
  if (draft.advanced && draft.free) {
    const method = normaliseMethod(draft.free.method)
    return {
      method,
      url: new URL(freePath(draft.free), origin).href,
      headers: [...freeHeaders(draft.free), [EXPLORER_HEADER, '1']],
      body: carriesBody(method) ? draft.body : null,
    }
  }
  const info = operationInfo(draft.operation)
  return {
    method: info.method,
    url: new URL(draftPath(draft), origin).href,
    headers: [...draftHeaders(draft), [EXPLORER_HEADER, '1']],
    body: info.requestSchema !== null ? draft.body : null,
  }
}

/**
 * Builds the Request a plan describes. The body goes as bytes: a string body
 * would make fetch add `Content-Type: text/plain`, so "omitted" would not be.
 * Throws a TypeError when fetch refuses the method or a header value.
 */
export function toRequest(plan: PlannedRequest, signal?: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of plan.headers) headers.append(name, value)
  return new Request(plan.url, {
    method: plan.method,
    headers,
    body: plan.body === null ? null : new TextEncoder().encode(plan.body),
    ...(signal && { signal }),
  })
}

/** The Request a draft describes (see planRequest and toRequest). */
export function buildRequest(draft: RequestDraft, origin: string): Request {
  return toRequest(planRequest(draft, origin))
}
