import { HttpResponse } from 'msw'

/** Any code unit above ASCII: without one, a text's UTF-8 bytes are its length. */
const BEYOND_ASCII = /[\u0080-\uffff]/

/** Bytes of `text` in UTF-8 (a lone surrogate counts as U+FFFD, as the encoder sends it). */
function utf8Length(text: string): number {
  // A regular expression scans a text about three times as fast as the loop below (2.4 kB: 0.8 µs against 2.3).
  if (!BEYOND_ASCII.test(text)) return text.length
  let bytes = text.length
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code < 0x80) continue
    if (code < 0x800) bytes += 1
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      bytes += 2
      at += 1
    } else bytes += 2
  }
  return bytes
}

const TEXT = Symbol('json text')
type Tagged = Response & { [TEXT]?: string }

/**
 * The JSON text `jsonResponse` gave `response` as its body, or undefined for any other Response
 * (a clone or one built elsewhere has none). The HTTP mode writes it to the socket as it is,
 * instead of reading the body stream back (docs/decisions/040-http-create-path.md).
 */
export const jsonTextOf = (response: Response): string | undefined => (response as Tagged)[TEXT]

/**
 * A JSON answer, as `HttpResponse.json` makes it (Content-Type and Content-Length unless given,
 * msw's status text) without the `Blob` it builds only to count the bytes (with it, 7 % of
 * the HTTP mode's CPU per create) (docs/decisions/040-http-create-path.md).
 */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return respondJson(body, init, false)
}

// The statuses whose Response has no body (fetch's null body statuses).
const NULL_BODY = new Set([101, 103, 204, 205, 304])

/**
 * `jsonResponse`'s answer without a body stream: the same status and headers, the JSON text
 * kept beside it for `jsonTextOf`. Only for a server that writes that text itself (the HTTP
 * mode): building a fetch body stream was about 6 % of its CPU per create. Under msw,
 * which reads the body, use `jsonResponse` (docs/decisions/040-http-create-path.md).
 */
export function jsonTextResponse(body: unknown, init: ResponseInit = {}): Response {
  return respondJson(body, init, true)
}

function respondJson(body: unknown, init: ResponseInit, textOnly: boolean): Response {
  const text: string | undefined = JSON.stringify(body)
  const length = String(text === undefined ? 0 : utf8Length(text))
  let headers: HeadersInit
  const given = init.headers
  if (given instanceof Headers || Array.isArray(given)) {
    headers = new Headers(given)
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    if (!headers.has('Content-Length')) headers.set('Content-Length', length)
  } else {
    // A record (every caller's): added to as it is, so msw builds the only `Headers` before the Response's own.
    const record: Record<string, string> = { ...given }
    const names = Object.keys(record).map((name) => name.toLowerCase())
    if (!names.includes('content-type')) record['Content-Type'] = 'application/json'
    if (!names.includes('content-length')) record['Content-Length'] = length
    headers = record
  }
  const response: Tagged = new HttpResponse(textOnly ? null : text, { ...init, headers })
  // A status without a body (204, 304) drops the text: nothing to remember then.
  if (text !== undefined && (textOnly ? !NULL_BODY.has(response.status) : response.body !== null)) response[TEXT] = text
  return response
}
