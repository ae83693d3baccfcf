/**
 * Content negotiation as behaviour §3 reads the spec: every Accept range must be
 * one that `application/json` satisfies, and a POST body must be JSON. Also the
 * `Prefer: code=<status>` convention, another request header read before the body.
 */
import { type ErrorStatus, isErrorStatus } from '../schemas/status-table.ts'
import { REASONS } from './reasons.ts'

export interface MediaRange {
  type: string
  subtype: string
  q: number
  params: Record<string, string>
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i

/**
 * Splits a header value on `separator`, but not inside a quoted string
 * (RFC 9110 5.6.4: `"a,b"` and `"a\\"b"` are one value).
 */
export function splitOutsideQuotes(text: string, separator: ',' | ';'): string[] {
  const parts: string[] = []
  let start = 0
  let quoted = false
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (quoted && char === '\\') at += 1
    else if (char === '"') quoted = !quoted
    else if (!quoted && char === separator) {
      parts.push(text.slice(start, at))
      start = at + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

const unquote = (value: string) =>
  value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value

/** Parses one media range such as `application/json;q=0.5`; null when it is not one. */
export function parseMediaRange(text: string): MediaRange | null {
  const [essence = '', ...paramParts] = splitOutsideQuotes(text, ';')
  const [type, subtype, extra] = essence.trim().toLowerCase().split('/')
  if (!type || !subtype || extra !== undefined || !TOKEN.test(type) || !TOKEN.test(subtype)) return null
  const params: Record<string, string> = Object.create(null)
  let q = 1
  for (const part of paramParts) {
    // RFC 9110 allows an empty parameter: `application/json;` is application/json.
    if (part.trim() === '') continue
    const eq = part.indexOf('=')
    if (eq < 0) return null
    const name = part.slice(0, eq).trim().toLowerCase()
    const raw = part.slice(eq + 1).trim()
    if (!TOKEN.test(name) || (raw.startsWith('"') && !/^"(?:[^"\\]|\\.)*"$/.test(raw))) return null
    const value = unquote(raw)
    if (name === 'q') {
      if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return null
      q = Number(value)
    } else {
      params[name] = value
    }
  }
  return { type, subtype, q, params }
}

function coversJson(range: MediaRange): boolean {
  return (
    (range.type === '*' && range.subtype === '*') ||
    (range.type === 'application' && (range.subtype === '*' || range.subtype === 'json'))
  )
}

export type AcceptVerdict = { ok: true } | { ok: false; reason: string }

const ACCEPTED: AcceptVerdict = { ok: true }
// The spelling nearly every client sends, answered without parsing it (the create path reads two such headers).
const JSON_TYPE = 'application/json'

/** A header value lower case, each of its `separator` parts trimmed: how a client's habit is recognised. */
const folded = (header: string, separator: ',' | ';') =>
  header
    .split(separator)
    .map((part) => part.trim().toLowerCase())
    .join(separator === ',' ? ', ' : ';')

/**
 * The client habits a refusal names, with the fix (issue 37): what these send by default is
 * refused by the spec's rules, and the user should learn why from the answer.
 */
const HABITS = {
  /** axios's default Accept, which orval's axios client sends too. */
  axiosAccept:
    "application/json, text/plain, */* is the Accept axios sends by default (so does orval's axios client): " +
    "set headers: { Accept: 'application/json' } on the instance (axios.create) or the request",
  /** fetch's label for a string body sent without a Content-Type. */
  fetchString:
    'the body is JSON, but fetch labels a string body text/plain;charset=UTF-8 when no Content-Type is given ' +
    "(so do kubb's fetch client and ky's body option): send headers: { 'Content-Type': 'application/json' }, " +
    "or ky's json option",
} as const

/** Judges an Accept header: absent or empty is fine; every range must cover JSON with q > 0. */
export function judgeAccept(header: string | null): AcceptVerdict {
  if (header === JSON_TYPE || header === null || header.trim() === '') return ACCEPTED
  for (const raw of splitOutsideQuotes(header, ',')) {
    if (raw.trim() === '') continue
    const range = parseMediaRange(raw)
    if (!range) return { ok: false, reason: `Accept: ${JSON.stringify(raw.trim())} is not a media range` }
    if (!coversJson(range)) {
      const refused = `Accept: ${range.type}/${range.subtype} is not satisfied by application/json, the only media type this API produces`
      const habit = folded(header, ',') === 'application/json, text/plain, */*' ? `; ${HABITS.axiosAccept}` : ''
      return { ok: false, reason: `${refused}${habit}` }
    }
    if (range.q === 0) {
      return { ok: false, reason: `Accept: ${range.type}/${range.subtype} has q=0, which refuses application/json` }
    }
  }
  return ACCEPTED
}

/**
 * True for the label fetch gives a string body sent without a Content-Type: the refusal then
 * reads the body (`judgeContentType`'s `body`) to tell whether it was JSON sent that way.
 */
export const isFetchStringLabel = (header: string | null): boolean =>
  header !== null && folded(header, ';') === 'text/plain;charset=utf-8'

const isJsonText = (text: string) => {
  try {
    JSON.parse(text)
    return text.trim() !== ''
  } catch {
    return false
  }
}

/**
 * Judges a POST's Content-Type: absent (or empty) reads as JSON; anything but application/json is
 * refused. `body`, the text sent, is read only to word a refusal: fetch's `text/plain;charset=UTF-8`
 * over a JSON body is fetch's habit, and the reason says so.
 * @example
 * judgeContentType('text/plain;charset=UTF-8', '{"name":"x"}').ok // false, naming fetch's habit
 */
export function judgeContentType(header: string | null, body?: string): AcceptVerdict {
  if (header === JSON_TYPE || header === null || header.trim() === '') return ACCEPTED
  const range = parseMediaRange(header)
  if (range && range.type === 'application' && range.subtype === 'json') return ACCEPTED
  const refused = `Content-Type: ${JSON.stringify(header.trim().slice(0, 80))} is not supported; send application/json`
  const habit = body !== undefined && isFetchStringLabel(header) && isJsonText(body) ? `; ${HABITS.fetchString}` : ''
  return { ok: false, reason: `${refused}${habit}` }
}

type Preference = { kind: 'none' } | { kind: 'code'; raw: string }

/** Finds `code=<status>` in a Prefer header (RFC 7240), the mock's forced-status convention. */
function readPreferCode(header: string | null): Preference {
  if (header === null) return { kind: 'none' }
  for (const preference of splitOutsideQuotes(header, ',')) {
    const [first = ''] = splitOutsideQuotes(preference, ';')
    const eq = first.indexOf('=')
    const name = (eq < 0 ? first : first.slice(0, eq)).trim().toLowerCase()
    if (name === 'code') {
      return {
        kind: 'code',
        raw:
          eq < 0
            ? ''
            : first
                .slice(eq + 1)
                .trim()
                .replace(/^"(.*)"$/, '$1'),
      }
    }
  }
  return { kind: 'none' }
}

/**
 * Step 4's `Prefer: code=<status>`: the status it forces and the reason, 400 for a code that is not
 * one of the spec's error statuses; null when the header asks for none.
 * @example
 * judgePrefer('code=429') // { status: 429, reason: 'forced by Prefer: code=429' }
 */
export function judgePrefer(header: string | null): { status: ErrorStatus; reason: string } | null {
  const preference = readPreferCode(header)
  if (preference.kind === 'none') return null
  const status = /^\d{3}$/.test(preference.raw) ? Number(preference.raw) : Number.NaN
  return isErrorStatus(status)
    ? { status, reason: REASONS.forcedByPrefer(status) }
    : { status: 400, reason: REASONS.preferNotAnError(preference.raw) }
}
