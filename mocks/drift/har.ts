/**
 * HAR 1.2 both ways: builds the entries of the record mode's file and of the explorer's export
 * (one builder, so the two cannot drift apart), and reads recorded traffic for `drift check`
 * (from either, or a browser's devtools) as the exchanges the checker judges.
 */
import type { Exchange } from './check.ts'

type Pairs = ReadonlyArray<readonly [name: string, value: string]>

/** One exchange as a HAR entry is built from it. Credentials and cookies are left out of what is written (contract §13). */
export interface HarExchange {
  startedAt: number
  /** Until the head of the answer arrived, and in all. */
  waitMs: number
  totalMs: number
  /** A body is text, or bytes: written as UTF-8 text, or base64 when they are not UTF-8. */
  request: { method: string; url: string; headers: Pairs; body: string | Uint8Array | null | undefined }
  /** Null when no answer came: status 0, and `error` says why. */
  response: {
    status: number
    statusText: string
    headers: Pairs
    /** Null when it was not kept. */
    body: string | Uint8Array | null
    /** Bytes on the wire, when they differ from the body's (compressed, or not kept). */
    bodySize?: number | undefined
  } | null
  /** Why no (whole) answer came: `_error`, as Chromium writes it. */
  error?: string | null | undefined
}

/** Phases nobody measured (HAR 1.2: -1 when it does not apply). */
const UNMEASURED = { blocked: -1, dns: -1, connect: -1, ssl: -1 }
const STRICT = new TextDecoder('utf-8', { fatal: true })
/** Never written to a HAR: credentials and cookies (contract §13), whoever sent them. */
const SECRET = new Set(['authorization', 'cookie', 'proxy-authorization', 'set-cookie'])
const nameValues = (pairs: Pairs) => pairs.map(([name, value]) => ({ name, value }))
const written = (pairs: Pairs) => nameValues(pairs.filter(([name]) => !SECRET.has(name.toLowerCase())))
const headerOf = (pairs: Pairs, name: string) => pairs.find(([key]) => key.toLowerCase() === name)?.[1]
const sizeOf = (body: string | Uint8Array) =>
  (typeof body === 'string' ? new TextEncoder().encode(body) : body).byteLength

/** Text when the body is text or UTF-8 bytes, else base64 (as HAR's `encoding` allows). */
function textOf(body: string | Uint8Array): { text: string; encoding?: 'base64' } {
  if (typeof body === 'string') return { text: body }
  try {
    return { text: STRICT.decode(body) }
  } catch {
    let binary = ''
    // In slices: spreading a whole large body would overflow the call stack.
    for (let at = 0; at < body.length; at += 0x8000) binary += String.fromCharCode(...body.subarray(at, at + 0x8000))
    return { text: btoa(binary), encoding: 'base64' }
  }
}

/**
 * The HAR 1.2 entry of one exchange; a request with no answer is status 0 with `_error`.
 *
 * @example
 * const request = { method: 'GET', url, headers: [], body: null }
 * const response = { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body: '{}' }
 * const entry = harEntry({ startedAt: Date.now(), waitMs: 5, totalMs: 6, request, response })
 */
export function harEntry({ request, response, ...x }: HarExchange) {
  const body = response?.body ?? null
  const bodySize = response?.bodySize ?? (body === null ? 0 : sizeOf(body))
  const headers = response?.headers ?? []
  return {
    startedDateTime: new Date(x.startedAt).toISOString(),
    time: x.totalMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: written(request.headers),
      queryString: URL.canParse(request.url) ? nameValues([...new URL(request.url).searchParams]) : [],
      ...(request.body != null && {
        postData: { mimeType: headerOf(request.headers, 'content-type') ?? '', ...textOf(request.body) },
      }),
      headersSize: -1,
      bodySize: request.body == null ? 0 : sizeOf(request.body),
    },
    response: {
      status: response?.status ?? 0,
      statusText: response?.statusText ?? '',
      httpVersion: response ? 'HTTP/1.1' : '',
      cookies: [],
      headers: written(headers),
      content: {
        size: body === null ? bodySize : sizeOf(body),
        mimeType: headerOf(headers, 'content-type') || 'x-unknown',
        ...(body !== null && textOf(body)),
        ...(response &&
          body === null &&
          bodySize > 0 && { comment: 'the body was not kept (over the cap, or not decodable)' }),
      },
      redirectURL: headerOf(headers, 'location') ?? '',
      headersSize: -1,
      bodySize: response ? bodySize : -1,
      ...(x.error != null && { _error: x.error }),
    },
    cache: {},
    timings: { ...UNMEASURED, send: 0, wait: x.waitMs, receive: Math.max(0, x.totalMs - x.waitMs) },
  }
}

/**
 * A HAR 1.2 document of `entries`; `entries` is its last key, so a writer may append to it.
 *
 * @example
 * const har = harLog({ name: 'my-tool', version: '1' }, [harEntry(exchange)])
 */
export function harLog<Entry>(creator: { name: string; version: string }, entries: Entry[], comment?: string) {
  return { log: { version: '1.2', creator, pages: [], ...(comment && { comment }), entries } }
}

interface HarHeader {
  name: string
  value: string
}
interface HarEntry {
  request?: { method?: string; url?: string; postData?: { text?: string } }
  response?: {
    status?: number
    headers?: HarHeader[]
    content?: { mimeType?: string; text?: string; encoding?: string; size?: number }
  }
}

/** Thrown for a file that is not a HAR: `drift check` exits 2 with its message. */
export class NotAHar extends Error {
  constructor(reason: string) {
    super(`not a HAR 1.2 file: ${reason}`)
    this.name = 'NotAHar'
  }
}

const decodeBase64 = (text: string) => new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)))

/**
 * The exchanges of a HAR's entries. Entries without a request URL or a response status (a
 * request that never got an answer) are left out and counted.
 *
 * @example
 * const { exchanges } = exchangesOfHar(JSON.parse(readFileSync('traffic.har', 'utf8')))
 */
export function exchangesOfHar(har: unknown): { exchanges: Exchange[]; unanswered: number } {
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries
  if (!Array.isArray(entries)) throw new NotAHar('no log.entries array')
  const exchanges: Exchange[] = []
  let unanswered = 0
  for (const entry of entries as HarEntry[]) {
    const { request, response } = entry ?? {}
    // Chromium records a request that got no answer with status 0.
    if (!request?.url || !request.method || !response?.status) {
      unanswered += 1
      continue
    }
    const content = response.content ?? {}
    const header = response.headers?.find((h) => h.name.toLowerCase() === 'content-type')?.value
    let body = content.text ?? ''
    if (content.encoding === 'base64') {
      try {
        body = decodeBase64(body)
      } catch {
        body = ''
      }
    }
    // Devtools leave the text out of a body the page never read (size -1): it is not judged.
    const kept = content.text !== undefined || content.size === 0
    exchanges.push({
      method: request.method,
      url: request.url,
      requestBody: request.postData?.text,
      status: response.status,
      contentType: header ?? content.mimeType ?? null,
      body,
      ...(!kept && { bodyKept: false }),
    })
  }
  return { exchanges, unanswered }
}
