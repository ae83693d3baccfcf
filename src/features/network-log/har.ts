/**
 * The network log as a HAR 1.2 file, and back. The export keeps what the log knows
 * (operation, source, marks) in a custom `_artefactMock` field and the marks in `comment`,
 * so an exported session imports back as it was; HAR files of other tools import too.
 */
import * as z from 'zod'
import { ERROR_MESSAGES, isErrorStatus } from '#mocks/internal.ts'
import type { Exchange } from '../../app/explorer-bus.ts'
import { AnswerMark } from '../../app/model.ts'
import { Har, type HarEntry } from './har-schema.ts'
import { operationOf } from './network-log-model.ts'

const CREATOR = { name: 'Artefact Preview Explorer', version: '1.0' }
/** Files larger than this are refused before they are read. */
export const HAR_IMPORT_MAX_BYTES = 20 * 1024 * 1024

const Extra = z.object({
  _artefactMock: z
    .object({
      source: z.enum(['explorer', 'page', 'imported']).optional(),
      marks: z.array(AnswerMark).optional(),
    })
    .optional(),
})
const ResponseExtra = z.object({ _error: z.string().optional() })

const utf8Size = (text: string) => new TextEncoder().encode(text).byteLength
const pairs = (headers: ReadonlyArray<[string, string]>) => headers.map(([name, value]) => ({ name, value }))
const headerOf = (headers: ReadonlyArray<[string, string]>, name: string) =>
  headers.find(([key]) => key.toLowerCase() === name)?.[1]

function queryOf(url: string) {
  if (!URL.canParse(url)) return []
  return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }))
}

const statusTextOf = (status: number, given: string) => given || (isErrorStatus(status) ? ERROR_MESSAGES[status] : '')

function entryOf(exchange: Exchange) {
  const { request, response } = exchange
  const body = response?.body ?? ''
  const marks = exchange.marks ?? []
  return {
    startedDateTime: new Date(exchange.at).toISOString(),
    time: exchange.durationMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(request.headers),
      queryString: queryOf(request.url),
      ...(request.body !== null && {
        postData: { mimeType: headerOf(request.headers, 'content-type') ?? '', text: request.body },
      }),
      headersSize: -1,
      bodySize: request.body === null ? 0 : utf8Size(request.body),
    },
    response: {
      status: response?.status ?? 0,
      statusText: response ? statusTextOf(response.status, response.statusText) : '',
      httpVersion: response ? 'HTTP/1.1' : '',
      cookies: [],
      headers: pairs(response?.headers ?? []),
      content: {
        size: utf8Size(body),
        mimeType: (response && headerOf(response.headers, 'content-type')) || 'x-unknown',
        ...(response && { text: body }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: response ? utf8Size(body) : -1,
      ...(exchange.failure !== null && { _error: exchange.failure }),
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: exchange.durationMs, receive: 0 },
    ...(marks.length > 0 && { comment: marks.map((mark) => `${mark.kind}: ${mark.detail}`).join('; ') }),
    _artefactMock: { source: exchange.source, marks },
  }
}

/** What a HAR of `kept` exchanges out of `logged` holds, in words; it names the dropped ones. */
export function harContents(kept: number, logged: number): string {
  const requests = `${kept.toLocaleString('en')} ${kept === 1 ? 'request' : 'requests'}`
  if (logged <= kept) return `All ${requests} the network log holds.`
  return `The newest ${requests} of ${logged.toLocaleString('en')} logged; the log keeps at most ${kept.toLocaleString('en')}, so the ${(logged - kept).toLocaleString('en')} oldest were dropped.`
}

/**
 * The exchanges as a HAR 1.2 document, oldest first (as browsers write them); `comment`
 * says what the file holds (for instance that the oldest requests were dropped).
 *
 * @example
 * const blob = new Blob([JSON.stringify(toHar(entries), null, 2)], { type: 'application/json' })
 */
export function toHar(exchanges: readonly Exchange[], comment?: string): Har {
  const entries = [...exchanges].sort((a, b) => a.at - b.at).map(entryOf)
  return { log: { version: '1.2', creator: CREATOR, pages: [], entries, ...(comment && { comment }) } }
}

function textOf(content: HarEntry['response']['content']): string {
  const text = content.text ?? ''
  if (content.encoding !== 'base64') return text
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)))
  } catch {
    return text
  }
}

function exchangeOf(entry: HarEntry, index: number): Exchange {
  const extra = Extra.safeParse(entry).data ?? {}
  const { request, response } = entry
  const error = ResponseExtra.safeParse(response).data?._error
  const answered = response.status > 0
  const headers = (list: ReadonlyArray<{ name: string; value: string }>): Array<[string, string]> =>
    list.map(({ name, value }) => [name, value])
  return {
    id: `har-${index}`,
    at: Date.parse(entry.startedDateTime),
    operation: operationOf(request.method, request.url),
    request: {
      method: request.method,
      url: request.url,
      headers: headers(request.headers),
      body: request.postData?.text ?? null,
    },
    response: answered
      ? {
          status: response.status,
          statusText: response.statusText,
          headers: headers(response.headers),
          body: textOf(response.content),
        }
      : null,
    failure: answered ? null : (error ?? 'no response recorded'),
    durationMs: entry.time,
    source: 'imported',
    ...(extra._artefactMock?.marks?.length ? { marks: extra._artefactMock.marks } : {}),
  }
}

/** A HAR file's exchanges, or why it cannot be read (the first problem, with its path). */
export function fromHar(text: string): { ok: true; exchanges: Exchange[] } | { ok: false; reason: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'The file is not JSON, so it is no HAR file.' }
  }
  const parsed = Har.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, reason: `Not a HAR 1.2 file: ${issue?.path.join('.') || 'the file'}: ${issue?.message}` }
  }
  return { ok: true, exchanges: parsed.data.log.entries.map(exchangeOf) }
}
