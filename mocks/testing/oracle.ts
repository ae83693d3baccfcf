/**
 * The oracle: what a request must be answered, restated from the service spec and
 * docs/behaviour.md. It imports nothing from `mocks/handlers/` or `mocks/operations/`, so a
 * property test or fuzz run that agrees with it checks the mock against the rules, not the
 * mock against itself. The property tests and `fuzz/` both ask it; teach it a new operation
 * when the spec gains one.
 */
import { seedArtefacts } from '../data/artefacts.ts'
import { seedCategories } from '../data/categories.ts'
import type { Conditions } from './conditions.ts'

/** The spec's error table, written out again so the tests do not trust the code's copy. */
export const SPEC_MESSAGES = {
  400: 'Bad Request',
  403: 'Out of call volume quota',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
} as const
export type SpecStatus = keyof typeof SPEC_MESSAGES
/** The same table keyed by any number, for a status not yet known to be an error status. */
export const SPEC_ERRORS: Readonly<Record<number, string>> = { ...SPEC_MESSAGES }
/** The exact Error body of an error status (behaviour §8). */
export const errorBodyOf = (status: number) => ({ errorCode: String(status), message: SPEC_ERRORS[status] })

/** Names and queries are compared trimmed and case-insensitively (behaviour §6). */
export const fold = (text: unknown) => (typeof text === 'string' ? text.trim().toLowerCase() : '')

// ------------------------------------------------------------------ routes (behaviour §1, spec in short)

export const PREFIX = '/v3/preview-upcoming'
/** The operations the oracle knows: the spec's. Teach it a new one here and in `routeOf` and `expected`. */
export const SPEC_OPERATIONS = ['createArtefact', 'createCategory', 'getArtefact'] as const
export type SpecOperation = (typeof SPEC_OPERATIONS)[number]
export interface Route {
  op: SpecOperation
  method: string
  id?: string
}
/** The operation an exact, case-sensitive path names; null for any other path under the prefix. */
export function routeOf(pathname: string): Route | null {
  if (!pathname.startsWith(`${PREFIX}/`)) throw new Error(`test bug: ${pathname} is outside the prefix`)
  const rest = pathname.slice(PREFIX.length)
  if (rest === '/resources/artefact') return { op: 'createArtefact', method: 'POST' }
  if (rest === '/resources/artefactcategory') return { op: 'createCategory', method: 'POST' }
  const id = /^\/resources\/artefact\/([^/]+)$/.exec(rest)?.[1]
  return id === undefined ? null : { op: 'getArtefact', method: 'GET', id }
}

// ------------------------------------------------------------------ headers (behaviour §3, §9)

const params = (range: string) => range.split(';').map((part) => part.trim())
/** `Accept`: absent or empty is fine; every range must be one `application/json` satisfies, none with q=0. */
export function acceptable(accept: string | null): boolean {
  const ranges = (accept ?? '').split(',').filter((range) => range.trim() !== '')
  return ranges.every((range) => {
    const [type = '', ...rest] = params(range)
    if (!['application/json', 'application/*', '*/*'].includes(type.toLowerCase())) return false
    const q = rest.find((param) => /^q\s*=/i.test(param))?.replace(/^q\s*=\s*/i, '')
    return q === undefined || Number(q) > 0
  })
}
/**
 * `Content-Type` on POST: absent is JSON; `application/json` with any parameters, in any case.
 * An empty value counts as absent, as it does for `Accept` (behaviour §3 is silent on it).
 */
export const jsonContentType = (contentType: string | null) =>
  !contentType || params(contentType)[0]?.toLowerCase() === 'application/json'
/** `Prefer: code=<status>`: the status it forces, 'bad' (400) for any other value, null without `code`. */
export function forcedBy(prefer: string | null): number | 'bad' | null {
  for (const preference of (prefer ?? '').split(',')) {
    const [name = '', ...value] = (params(preference)[0] ?? '').split('=')
    if (name.trim().toLowerCase() !== 'code') continue
    const code = value
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
    return code in SPEC_ERRORS && /^\d{3}$/.test(code) ? Number(code) : 'bad'
  }
  return null
}

// ------------------------------------------------------------------ the order of checks (behaviour §2)

/** What the test knows of the store, kept apart from the mock's own bookkeeping. */
export interface World {
  known: Set<string>
  drafts: Map<string, boolean>
  taken: Set<string>
}
/** The world of the static data set. */
export const seedWorld = (): World => ({
  known: new Set(seedArtefacts.map((artefact) => artefact.id)),
  drafts: new Map(seedArtefacts.map((artefact) => [artefact.id, artefact.isDraft])),
  taken: new Set(seedCategories.map((category) => fold(category.name))),
})

export interface Sent {
  method: string
  url: URL
  headers: Headers
  body: Uint8Array | undefined
}
/** What a generator knows a create-artefact body deserves; without one the oracle reads the bytes. */
export type Verdict = { kind: 'ok' } | { kind: 'hasErrors'; path: string } | { kind: '422' }
/** `keys` are the acceptable outcomes (see `outcomeOf`); `tag` names the step that decides. */
export interface Expected {
  keys: string[]
  tag: string
  /** Whether the request counts against the quota and the rate limit. */
  counted: boolean
  route: Route | null
  /** The offending item's path for a `hasErrors` answer the generator built. */
  path?: string
  /** The stored name of a category the request creates. */
  name?: string
}
type Found = Omit<Expected, 'counted' | 'route'>

function readJson(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
const own = (object: Record<string, unknown>, key: string) => (Object.hasOwn(object, key) ? object[key] : undefined)
const fits = (text: unknown, max: number) => typeof text === 'string' && text.trim() !== '' && text.trim().length <= max

/** Steps 9 to 12 for a body read as behaviour §4 to 6 say. */
function judge(op: SpecOperation, bytes: Uint8Array, world: World): Found {
  const body = readJson(bytes)
  if (!body) return { keys: ['400'], tag: 'body' }
  if (op === 'createCategory') {
    const name = own(body, 'name')
    if (!fits(name, 128)) return { keys: ['422'], tag: 'schema' }
    if (world.taken.has(fold(name))) return { keys: ['422'], tag: 'taken' }
    return { keys: ['201'], tag: 'ok', name: String(name).trim() }
  }
  // The other create-artefact fields are the property tests' business (their generators build each case).
  if (!fits(own(body, 'title'), 512)) return { keys: ['422'], tag: 'schema' }
  return { keys: ['200 ok', '200 hasErrors', '422'], tag: 'judged' }
}

/** Behaviour §2's order of checks, first match wins, for `sent` under `conditions` against `world`. */
export function expected(sent: Sent, conditions: Conditions, world: World, verdict?: Verdict): Expected {
  const route = routeOf(sent.url.pathname)
  const early = (key: string, tag: string): Expected => ({ keys: [key], tag, counted: false, route })
  if (conditions.maintenance) return early('503', 'maintenance')
  if (!route) return early('404', 'path')
  if (sent.method !== route.method) return sent.method === 'OPTIONS' ? early('204', 'options') : early('405', 'method')
  const forced = forcedBy(sent.headers.get('Prefer'))
  if (forced !== null) return early(forced === 'bad' ? '400' : String(forced), 'prefer')
  const counted = (found: Found): Expected => ({ ...found, counted: true, route })
  const { quota, rateLimit, preCalls, bodyLimitBytes } = conditions
  if (quota !== null && preCalls + 1 > quota) return counted({ keys: ['403'], tag: 'quota' })
  if (rateLimit && preCalls + 1 > rateLimit.calls) return counted({ keys: ['429'], tag: 'rate' })
  if (!acceptable(sent.headers.get('Accept'))) return counted({ keys: ['406'], tag: 'accept' })
  if (route.method === 'POST' && !jsonContentType(sent.headers.get('Content-Type')))
    return counted({ keys: ['415'], tag: 'content-type' })
  if (route.op === 'getArtefact') {
    const id = route.id ?? ''
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      return counted({ keys: ['400'], tag: 'id' })
    return counted(world.known.has(id.toLowerCase()) ? { keys: ['200'], tag: 'ok' } : { keys: ['404'], tag: 'id' })
  }
  const drafts = sent.url.searchParams.getAll('isDraft')
  if (
    route.op === 'createArtefact' &&
    (drafts.length > 1 || (drafts.length === 1 && !['true', 'false'].includes(drafts[0]!)))
  )
    return counted({ keys: ['400'], tag: 'isDraft' })
  const bytes = sent.body ?? new Uint8Array()
  if (bytes.byteLength > bodyLimitBytes) return counted({ keys: ['400'], tag: 'size' })
  if (route.op === 'createArtefact' && verdict?.kind === 'ok') return counted({ keys: ['200 ok'], tag: 'ok' })
  if (route.op === 'createArtefact' && verdict?.kind === 'hasErrors')
    return counted({ keys: ['200 hasErrors'], tag: 'rule', path: verdict.path })
  if (route.op === 'createArtefact' && verdict?.kind === '422') return counted({ keys: ['422'], tag: 'schema' })
  return counted(judge(route.op, bytes, world))
}

/** The outcome key of an answer, as `Expected.keys` spells it: '200 ok', '200 hasErrors', or the status. */
export function outcomeOf(route: Route | null, status: number, json: unknown): string {
  if (route?.op !== 'createArtefact' || status !== 200) return String(status)
  const { hasErrors } = (json ?? {}) as { hasErrors?: unknown }
  return hasErrors === false ? '200 ok' : hasErrors === true ? '200 hasErrors' : '200 off-schema'
}

/** Adds what a success stored to `world`, so the next request is judged against it. */
export function learn(world: World, sent: Sent, outcome: string, json: unknown): void {
  const answer = json as { responseId?: string; categoryName?: string }
  if (outcome === '200 ok' && answer.responseId) {
    world.known.add(answer.responseId)
    world.drafts.set(answer.responseId, sent.url.searchParams.get('isDraft') === 'true')
  }
  if (outcome === '201' && answer.categoryName !== undefined) world.taken.add(fold(answer.categoryName))
}
