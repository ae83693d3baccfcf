/**
 * A Node request as the mock's pipeline reads it (`Incoming`, mocks/contract/incoming.ts):
 * headers looked up in `rawHeaders` as fetch's `Headers.get` would give them, the body bytes
 * already read. No fetch `Request` is built unless an operation asks for it: building one, and
 * reading its body back as a stream, took 6 % of the server's CPU per create
 * (docs/decisions/040-http-create-path.md).
 */
import type { IncomingMessage } from 'node:http'
import type { Incoming } from '../mocks/internal.ts'

const EMPTY = new Uint8Array(0)
// Fetch strips HTTP white space from both ends of a value; Node has already done it, except in odd cases.
const EDGES = /^[\t\n\r ]+|[\t\n\r ]+$/g
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
const trim = (value: string) =>
  value.length > 0 && (isSpace(value.charCodeAt(0)) || isSpace(value.charCodeAt(value.length - 1)))
    ? value.replace(EDGES, '')
    : value

/** Every line of header `name` (lower case) in `raw` (Node's `rawHeaders`), joined with `, `; null when absent. */
function rawHeader(raw: readonly string[], name: string): string | null {
  let value: string | null = null
  for (let at = 0; at + 1 < raw.length; at += 2) {
    const key = raw[at] as string
    if (key.length !== name.length || key.toLowerCase() !== name) continue
    const line = trim(raw[at + 1] as string)
    value = value === null ? line : `${value}, ${line}`
  }
  return value
}

/** `req` with its absolute `url` and the body read so far (undefined for GET and HEAD). */
export function incomingOf(req: IncomingMessage, url: URL, body: Uint8Array<ArrayBuffer> | undefined): Incoming {
  const method = req.method ?? 'GET'
  let request: Request | undefined
  return {
    method,
    url,
    header: (name) => rawHeader(req.rawHeaders, name.toLowerCase()),
    bytes: () => Promise.resolve(body ?? EMPTY),
    get request() {
      if (!request) {
        const headers = new Headers()
        for (let at = 0; at + 1 < req.rawHeaders.length; at += 2)
          headers.append(req.rawHeaders[at] as string, req.rawHeaders[at + 1] as string)
        request = new Request(url, { method, headers, body: body ?? null })
      }
      return request
    },
  }
}
