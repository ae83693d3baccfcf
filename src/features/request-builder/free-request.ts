import { createRouter, OPERATIONS as REGISTRY, PREFIX } from '#mocks/internal.ts'
import type { FreeRequest, FreeRow, OperationId, RequestDraft } from '../../app/model.ts'
import { operationInfo } from '../operations/catalogue.ts'

/** The methods the advanced mode offers; any other can be typed. */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const

// fetch upper-cases these six, and sends any other method exactly as written.
const NORMALISED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'])

export function normaliseMethod(method: string): string {
  const trimmed = method.trim()
  return NORMALISED.has(trimmed.toUpperCase()) ? trimmed.toUpperCase() : trimmed
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i

/** Why fetch would refuse a method, or null. */
export function methodProblem(method: string): string | null {
  const trimmed = method.trim()
  if (!TOKEN.test(trimmed)) return `"${trimmed}" is not an HTTP method name`
  if (['CONNECT', 'TRACE', 'TRACK'].includes(trimmed.toUpperCase()))
    return `browsers do not let a page send ${trimmed.toUpperCase()}`
  return null
}

// Headers a page cannot set: the browser drops them or sets its own (Fetch standard, "forbidden request-header").
const FORBIDDEN = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
])

/** Why a header row would not be sent as written, or null. */
export function headerProblem({ name, value }: Pick<FreeRow, 'name' | 'value'>): string | null {
  const lower = name.trim().toLowerCase()
  if (lower === '') return null
  if (!TOKEN.test(lower)) return `"${name}" is not a header name`
  if (FORBIDDEN.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-'))
    return `the browser does not let a page set ${name.trim()}; it is not sent`
  if (/[\r\n\0]/.test(value)) return 'a header value cannot hold a line break'
  return null
}

const sent = (rows: readonly FreeRow[]) => rows.filter((row) => row.on && row.name.trim() !== '')

/** The path and query of a free request, e.g. `/v3/preview-upcoming/resources/artefact?isDraft=yes`. */
export function freePath(free: FreeRequest): string {
  const rest = free.path.startsWith('/') || free.path === '' ? free.path : `/${free.path}`
  // ? and # typed into the path belong to the path, not to the query or a fragment.
  const path = `${PREFIX}${rest.replace(/[?#]/g, encodeURIComponent)}`
  const query = sent(free.query).map(
    ({ name, value }) => `${encodeURIComponent(name.trim())}=${encodeURIComponent(value)}`,
  )
  return query.length > 0 ? `${path}?${query.join('&')}` : path
}

/** The headers a free request sets, skipping the ones a browser would refuse. */
export function freeHeaders(free: FreeRequest): Array<[string, string]> {
  return sent(free.headers)
    .filter((row) => headerProblem(row) === null)
    .map(({ name, value }) => [name.trim(), value])
}

const row = (name: string, value: string): FreeRow => ({ on: true, name, value })

/** The form's request as a free one: the starting point of the advanced mode. */
export function freeFromForm(draft: RequestDraft): FreeRequest {
  const info = operationInfo(draft.operation)
  const takesBody = info.requestSchema !== null
  const headers: FreeRow[] = []
  if (draft.accept.mode === 'value') headers.push(row('Accept', draft.accept.value))
  if (takesBody && draft.contentType.mode === 'value') headers.push(row('Content-Type', draft.contentType.value))
  if (draft.prefer.mode === 'value') headers.push(row('Prefer', draft.prefer.value))
  return {
    method: info.method,
    path: info.path.replace('{id}', encodeURIComponent(draft.id)),
    query:
      info.query.includes('isDraft') && draft.isDraft.mode === 'value' ? [row('isDraft', draft.isDraft.value)] : [],
    headers,
  }
}

const ROUTER = createRouter(REGISTRY)

/** Where the mock's router sends a request (behaviour §2 step 2 and 3). */
export type Route =
  | { kind: 'outside' }
  | { kind: 'unknown' }
  | { kind: 'options'; allow: string }
  | { kind: 'not-allowed'; allow: string }
  | { kind: 'operation'; operation: OperationId; params: Record<string, string> }

export function routeOf(method: string, url: string): Route {
  const { pathname } = new URL(url)
  if (pathname !== PREFIX && !pathname.startsWith(`${PREFIX}/`)) return { kind: 'outside' }
  const found = ROUTER.route(pathname.slice(PREFIX.length))
  if (!found) return { kind: 'unknown' }
  const operation = found.operations.find((candidate) => candidate.method === method)
  if (operation) return { kind: 'operation', operation: operation.name as OperationId, params: found.params }
  return method === 'OPTIONS' ? { kind: 'options', allow: found.allow } : { kind: 'not-allowed', allow: found.allow }
}
