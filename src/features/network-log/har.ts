/**
 * The network log as a HAR 1.2 file, and back. The export keeps what the log knows
 * (operation, source, marks) in a custom `_artefactMock` field and the marks in `comment`,
 * so an exported session imports back as it was; HAR files of other tools import too.
 */
import * as z from 'zod'
import { ERROR_MESSAGES, harEntry, harLog, isErrorStatus } from '#mocks/internal.ts'
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

const statusTextOf = (status: number, given: string) => given || (isErrorStatus(status) ? ERROR_MESSAGES[status] : '')

function entryOf(exchange: Exchange) {
  const { request, response } = exchange
  const marks = exchange.marks ?? []
  return {
    ...harEntry({
      startedAt: exchange.at,
      waitMs: exchange.durationMs,
      totalMs: exchange.durationMs,
      request,
      response: response && { ...response, statusText: statusTextOf(response.status, response.statusText) },
      error: exchange.failure,
    }),
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
  return harLog(CREATOR, [...exchanges].sort((a, b) => a.at - b.at).map(entryOf), comment)
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
