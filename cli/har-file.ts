/**
 * The record mode's HAR 1.2 file (`--har FILE`). Each exchange is appended as it ends and the
 * file is a whole HAR after every write: the entry goes where the closing `]}}` was, followed by
 * it again. Linear in the traffic, and a stop loses nothing already written.
 */
import { open } from 'node:fs/promises'
import { redacted, type Pairs, headerValue } from './upstream-headers.ts'

/** One exchange with the real service as the record mode writes it. */
export interface RecordedExchange {
  startedAt: number
  /** Until the head of the answer arrived, and in all. */
  waitMs: number
  totalMs: number
  method: string
  url: string
  /** The headers sent to the real service (credentials and cookies are left out here). */
  requestHeaders: Pairs
  requestBody: Uint8Array | undefined
  /** 0 when no answer came. */
  status: number
  statusText: string
  responseHeaders: Pairs
  /** The body decoded, or null when it was not all kept (over the cap) or could not be decoded. */
  body: Buffer | null
  /** Bytes of the body on the wire. */
  bodySize: number
  /** Why no (whole) answer came. */
  error?: string | undefined
}

const CREATOR = { name: 'artefact-preview-mock', version: '1' }
const TAIL = '\n]}}\n'
const STRICT = new TextDecoder('utf-8', { fatal: true })

const nameValues = (pairs: Pairs) => redacted(pairs).map(([name, value]) => ({ name, value }))

/** Text when the bytes are UTF-8, else base64 (as HAR's `encoding` allows). */
function textOf(bytes: Uint8Array): { text: string; encoding?: 'base64' } {
  try {
    return { text: STRICT.decode(bytes) }
  } catch {
    return { text: Buffer.from(bytes).toString('base64'), encoding: 'base64' }
  }
}

/** The HAR 1.2 entry of one exchange, without credentials or cookies. */
export function harEntry(x: RecordedExchange) {
  const url = new URL(x.url)
  const requestType = headerValue(x.requestHeaders, 'content-type')
  const responseType = headerValue(x.responseHeaders, 'content-type')
  const answered = x.status > 0
  return {
    startedDateTime: new Date(x.startedAt).toISOString(),
    time: x.totalMs,
    request: {
      method: x.method,
      url: x.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(x.requestHeaders),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(x.requestBody && { postData: { mimeType: requestType ?? '', ...textOf(x.requestBody) } }),
      headersSize: -1,
      bodySize: x.requestBody?.byteLength ?? 0,
    },
    response: {
      status: x.status,
      statusText: x.statusText,
      httpVersion: answered ? 'HTTP/1.1' : '',
      cookies: [],
      headers: nameValues(x.responseHeaders),
      content: {
        size: x.body?.byteLength ?? x.bodySize,
        mimeType: responseType ?? 'x-unknown',
        ...(x.body && textOf(x.body)),
        ...(answered &&
          !x.body &&
          x.bodySize > 0 && { comment: 'the body was not kept (over the cap, or not decodable)' }),
      },
      redirectURL: headerValue(x.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: answered ? x.bodySize : -1,
      ...(x.error !== undefined && { _error: x.error }),
    },
    cache: {},
    timings: { send: 0, wait: x.waitMs, receive: Math.max(0, x.totalMs - x.waitMs) },
  }
}

export interface HarFile {
  /** Appends an exchange; written in order, one write at a time. */
  add(exchange: RecordedExchange): void
  /** Waits for every write, then closes the file. */
  close(): Promise<void>
}

/**
 * Creates (or replaces) `path` as an empty HAR and appends to it. A failed write is reported to
 * `onError` once per failure and the exchange is dropped; the file stays a whole HAR.
 *
 * @example
 * const har = await openHar('traffic.har', console.error)
 */
export async function openHar(path: string, onError: (error: unknown) => void): Promise<HarFile> {
  const file = await open(path, 'w')
  const head = `${JSON.stringify({ log: { version: '1.2', creator: CREATOR, pages: [], entries: [] } }).slice(0, -3)}\n`
  await file.write(`${head}${TAIL.slice(1)}`, 0)
  let position = Buffer.byteLength(head)
  let count = 0
  let torn = false
  let writing: Promise<void> = Promise.resolve()
  const append = async (entry: string) => {
    const bytes = Buffer.from(`${count === 0 ? '' : ',\n'}${entry}`)
    try {
      await file.write(Buffer.concat([bytes, Buffer.from(TAIL)]), 0, undefined, position)
      position += bytes.length
      count += 1
      // A write that failed part way may have left bytes past the tail.
      if (torn) await file.truncate(position + TAIL.length)
      torn = false
    } catch (error) {
      torn = true
      onError(error)
    }
  }
  return {
    add(exchange) {
      const entry = JSON.stringify(harEntry(exchange))
      writing = writing.then(() => append(entry))
    },
    async close() {
      await writing
      await file.close()
    },
  }
}
