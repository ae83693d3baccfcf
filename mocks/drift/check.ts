/**
 * The drift checker (contract §13): judges a real answer of one of the operations with the same
 * zod schemas and status table the mock is built from, and compares it with the mock's answer to
 * the same request (shadow mode). One checker serves every mode, the offline command and the browser.
 */
import type * as z from 'zod/mini'
import type { Operation } from '../contract/operation.ts'
import { createRouter, createScope, PREFIX } from '../contract/router.ts'
import { OPERATIONS } from '../operations/registry.ts'
import { ErrorBody } from '../schemas/resources.ts'
import { ERROR_STATUSES, isErrorStatus } from '../schemas/status-table.ts'

/** What a finding is about (contract §13). */
export type FindingKind = 'status' | 'content-type' | 'missing' | 'type' | 'extra' | 'error-body' | 'differs'

/** One thing a real answer does that the spec (or the mock) does not. */
export interface Finding {
  operation: string
  kind: FindingKind
  /** A JSON pointer into the body ('' for the whole answer); array positions read `*`. */
  pointer: string
  expected: string
  actual: string
  severity: 'error' | 'warn'
  /** Which side of the exchange it is about: the answer, or a request the real service took that the spec refuses. */
  side: 'response' | 'request'
  /** The exchange it was seen in, without headers: method, path, status, and the value at the pointer. */
  example: { method: string; path: string; status: number; value?: unknown }
}

/** An exchange as the checker reads it: no headers but the content type, the body as text. */
export interface Exchange {
  method: string
  url: string
  requestBody?: string | undefined
  status: number
  contentType: string | null
  body: string
  /**
   * False when the body was not kept (a HAR saved without content, an answer over a cap): then
   * only the status and the content type are judged, never the empty text that stands in for it.
   */
  bodyKept?: boolean
}

// What can be judged of an answer whose body was not kept.
const HEAD_KINDS = new Set<FindingKind>(['status', 'content-type'])

const ROUTER = createRouter(OPERATIONS)
const ANY_ORIGIN = createScope()

/** The path after the spec's prefix when a base path comes before it (`/api/v3/preview-upcoming/...`), else null. */
function underPrefix(url: URL): string | null {
  const at = url.pathname.indexOf(`${PREFIX}/`)
  return at > 0 ? createScope(url.pathname.slice(0, at)).locate(url) : null
}

/**
 * The operation an exchange is a call of, or undefined for any other path or method. The
 * service's paths may sit under a base path (`https://staging.example.test/api/v3/...`).
 */
export function operationOf(method: string, url: string, operations: readonly Operation[] = OPERATIONS) {
  let parsed: URL
  try {
    parsed = new URL(url, 'http://upstream.invalid')
  } catch {
    return undefined
  }
  const rest = ANY_ORIGIN.locate(parsed) ?? underPrefix(parsed)
  const route = rest === null ? null : (operations === OPERATIONS ? ROUTER : createRouter(operations)).route(rest)
  return route?.operations.find((operation) => operation.method === method.toUpperCase())
}

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def
const safeParse = (schema: z.core.$ZodType, value: unknown) =>
  (schema as unknown as { '~standard': { validate(v: unknown): { issues?: readonly unknown[] } } })[
    '~standard'
  ].validate(value)
const fits = (schema: z.core.$ZodType, value: unknown) => !safeParse(schema, value).issues

/** The schema that judges `value`: wrappers unwrapped, a union narrowed to the option that fits. */
function concrete(schema: z.core.$ZodType, value: unknown): z.core.$ZodType {
  let current = schema
  for (;;) {
    const def = defOf(current)
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type))
      current = def.innerType as z.core.$ZodType
    else if (def.type === 'pipe') current = def.in as z.core.$ZodType
    else if (def.type === 'lazy') current = (def.getter as () => z.core.$ZodType)()
    else if (def.type === 'union') {
      const options = def.options as z.core.$ZodType[]
      current = options.find((option) => fits(option, value)) ?? options[0] ?? current
      if (defOf(current).type === 'union') return current
    } else return current
  }
}

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)
const escapeKey = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')
const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}

interface Place {
  pattern: string
  pointer: string
}

/** Every field of `value` that its schema does not name: `extra` findings, a warning each. */
function extras(schema: z.core.$ZodType, value: unknown, at: Place, found: (at: Place, value: unknown) => void) {
  if (value === null || typeof value !== 'object') return
  const def = defOf(concrete(schema, value))
  if (def.type === 'object' && !Array.isArray(value)) {
    const shape = def.shape as Record<string, z.core.$ZodType>
    for (const [key, field] of Object.entries(value)) {
      const next = { pattern: `${at.pattern}/${escapeKey(key)}`, pointer: `${at.pointer}/${escapeKey(key)}` }
      if (!Object.hasOwn(shape, key)) found(next, field)
      else extras(shape[key] as z.core.$ZodType, field, next, found)
    }
  } else if (def.type === 'array' && Array.isArray(value)) {
    value.forEach((item, index) =>
      extras(
        def.element as z.core.$ZodType,
        item,
        { pattern: `${at.pattern}/*`, pointer: `${at.pointer}/${index}` },
        found,
      ),
    )
  } else if (def.type === 'record' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value))
      extras(
        def.valueType as z.core.$ZodType,
        item,
        { pattern: `${at.pattern}/*`, pointer: `${at.pointer}/${escapeKey(key)}` },
        found,
      )
  }
}

interface Issue {
  code: string
  path: PropertyKey[]
  message: string
  expected?: string
  format?: string
}

const valueAt = (root: unknown, path: PropertyKey[]) => {
  let current: unknown = root
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return { present: false }
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return { present: true, value: current }
}

/** The `missing` and `type` findings of a body judged by a schema. */
function schemaFindings(schema: z.core.$ZodType, body: unknown) {
  const issues = (safeParse(schema, body).issues ?? []) as Issue[]
  return issues.map((issue) => {
    const at = valueAt(body, issue.path)
    const pointer = issue.path.map((key) => `/${escapeKey(String(key))}`).join('')
    const pattern = issue.path.map((key) => (typeof key === 'number' ? '/*' : `/${escapeKey(String(key))}`)).join('')
    const missing = !at.present
    return {
      kind: missing ? ('missing' as const) : ('type' as const),
      pattern,
      pointer,
      expected: issue.expected ?? issue.format ?? issue.message,
      actual: missing ? 'absent' : `${jsonType(at.value)} ${short(at.value)}`,
      value: at.value,
    }
  })
}

const isJson = (contentType: string | null) => /^application\/json\s*(;|$)/i.test(contentType?.trim() ?? '')

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * Judges one real answer: its status against the spec's list for the operation, its content type,
 * its body against the success schema or the Error body. Empty for a clean answer and for an
 * exchange that is no call of an operation.
 *
 * @example
 * checkExchange({ method: 'GET', url: '/v3/preview-upcoming/resources/artefact/0a1e…', status: 200, contentType: 'application/json', body })
 */
export function checkExchange(exchange: Exchange, operations: readonly Operation[] = OPERATIONS): Finding[] {
  const findings = judge(exchange, operations)
  return exchange.bodyKept === false ? findings.filter((finding) => HEAD_KINDS.has(finding.kind)) : findings
}

function judge(exchange: Exchange, operations: readonly Operation[]): Finding[] {
  const operation = operationOf(exchange.method, exchange.url, operations)
  if (!operation) return []
  const path = new URL(exchange.url, 'http://upstream.invalid').pathname
  const findings: Finding[] = []
  const add = (
    finding: Omit<Finding, 'operation' | 'severity' | 'side' | 'example'> & { value?: unknown; side?: Finding['side'] },
  ) => {
    const { value, side = 'response', ...rest } = finding
    findings.push({
      operation: operation.name,
      severity: rest.kind === 'extra' ? 'warn' : 'error',
      side,
      ...rest,
      example: {
        method: exchange.method.toUpperCase(),
        path,
        status: exchange.status,
        ...(value !== undefined && { value }),
      },
    })
  }
  const { status } = exchange
  const success = status === operation.success.status
  if (!success && !isErrorStatus(status)) {
    add({
      kind: 'status',
      pointer: '',
      expected: `${operation.success.status} or one of ${ERROR_STATUSES.join(', ')}`,
      actual: String(status),
    })
    return findings
  }
  if (!isJson(exchange.contentType)) {
    add({ kind: 'content-type', pointer: '', expected: 'application/json', actual: exchange.contentType ?? 'none' })
  }
  const parsed = parseJson(exchange.body)
  if (!success) {
    if (!parsed.ok || !fits(ErrorBody, parsed.value) || (parsed.value as ErrorBody).errorCode !== String(status))
      add({
        kind: 'error-body',
        pointer: '',
        expected: `{ "errorCode": "${status}", "message": … }`,
        actual: parsed.ok ? short(parsed.value) : `not JSON: ${short(exchange.body)}`,
      })
    return findings
  }
  if (!parsed.ok) {
    add({
      kind: 'type',
      pointer: '',
      expected: `${operation.success.name} (JSON)`,
      actual: `not JSON: ${short(exchange.body)}`,
    })
    return findings
  }
  for (const { pattern, pointer: _pointer, ...finding } of schemaFindings(operation.success.schema, parsed.value))
    add({ ...finding, pointer: pattern })
  extras(operation.success.schema, parsed.value, { pattern: '', pointer: '' }, (at, value) =>
    add({ kind: 'extra', pointer: at.pattern, expected: 'no such field in the spec', actual: short(value), value }),
  )
  // A request the spec refuses that the real service took: judged only from a success, never from a 4xx.
  if (operation.request && exchange.requestBody !== undefined) {
    const request = parseJson(exchange.requestBody)
    const fitsRequest =
      request.ok &&
      request.value !== null &&
      typeof request.value === 'object' &&
      fits(operation.request, request.value)
    if (!fitsRequest)
      add({
        kind: 'status',
        side: 'request',
        pointer: '',
        expected: request.ok ? '422 (the body does not fit the request schema)' : '400 (the body is not JSON)',
        actual: String(status),
      })
  }
  return findings
}

const walkShapes = (
  mock: unknown,
  real: unknown,
  at: Place,
  found: (at: Place, expected: string, actual: string, value: unknown) => void,
) => {
  if (mock === null || real === null) return
  const [mockType, realType] = [jsonType(mock), jsonType(real)]
  if (mockType !== realType) return found(at, `${mockType} (as the mock answers)`, realType, real)
  if (mockType === 'array') {
    const [a, b] = [mock as unknown[], real as unknown[]]
    for (let i = 0; i < Math.min(a.length, b.length); i += 1)
      walkShapes(a[i], b[i], { pattern: `${at.pattern}/*`, pointer: `${at.pointer}/${i}` }, found)
  } else if (mockType === 'object') {
    const [a, b] = [mock as Record<string, unknown>, real as Record<string, unknown>]
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const next = { pattern: `${at.pattern}/${escapeKey(key)}`, pointer: `${at.pointer}/${escapeKey(key)}` }
      if (!Object.hasOwn(b, key)) found(next, 'present (as the mock answers)', 'absent', undefined)
      else if (!Object.hasOwn(a, key)) found(next, 'absent (as the mock answers)', 'present', b[key])
      else walkShapes(a[key], b[key], next, found)
    }
  }
}

/**
 * Shadow mode's comparison (`differs`): the real answer against the mock's answer to the same
 * request. Compares the status, and the bodies' keys and JSON types; values are never compared,
 * so generated ids, dates and `responseId`, and a `null` where the other side has a value, are
 * not differences.
 */
export function compareAnswers(
  mock: Exchange,
  real: Exchange,
  operations: readonly Operation[] = OPERATIONS,
): Finding[] {
  const operation = operationOf(real.method, real.url, operations)
  if (!operation) return []
  const path = new URL(real.url, 'http://upstream.invalid').pathname
  const findings: Finding[] = []
  const found = (at: Place, expected: string, actual: string, value: unknown) =>
    findings.push({
      operation: operation.name,
      kind: 'differs',
      pointer: at.pattern,
      expected,
      actual,
      severity: 'error',
      side: 'response',
      example: { method: real.method.toUpperCase(), path, status: real.status, ...(value !== undefined && { value }) },
    })
  if (mock.status !== real.status) {
    found({ pattern: '', pointer: '' }, `${mock.status} (as the mock answers)`, String(real.status), undefined)
    return findings
  }
  if (mock.bodyKept === false || real.bodyKept === false) return findings
  const [a, b] = [parseJson(mock.body), parseJson(real.body)]
  if (a.ok && b.ok) walkShapes(a.value, b.value, { pattern: '', pointer: '' }, found)
  return findings
}

/** Why a request got no answer from the real service: it refused the connection, went silent, or failed otherwise. */
export type UpstreamFailure = 'refused' | 'timeout' | `failed (${string})`

/** The group of `upstreamFailure` findings for requests that are no call of an operation. */
export const OTHER_PATHS = '(other paths)'

/**
 * A request the real service gave no answer to, as a finding: kind `status`, the answer seen
 * `refused`, `timeout` or `failed (CODE)`; status 0 in the example, as HAR files write it.
 *
 * @example
 * upstreamFailure('GET', '/v3/preview-upcoming/resources/artefact/0a1e…', 'refused')
 */
export function upstreamFailure(method: string, url: string, failure: UpstreamFailure): Finding {
  const path = new URL(url, 'http://upstream.invalid').pathname
  return {
    operation: operationOf(method, url)?.name ?? OTHER_PATHS,
    kind: 'status',
    pointer: '',
    expected: 'an answer from the real service',
    actual: failure,
    severity: 'error',
    side: 'response',
    example: { method: method.toUpperCase(), path, status: 0 },
  }
}
