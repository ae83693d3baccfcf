import { HttpResponse } from 'msw'
import type { ErrorBody } from '../schemas.ts'

/**
 * The spec's error table: every status the service answers with, and its message.
 * @example
 * ERROR_MESSAGES[403] // 'Out of call volume quota'
 */
export const ERROR_MESSAGES = {
  400: 'Bad Request',
  403: 'Out of call volume quota',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
} as const satisfies Record<number, string>

/** One of the nine error statuses of the spec's table. */
export type ErrorStatus = keyof typeof ERROR_MESSAGES

/**
 * The nine error statuses of the spec, in order.
 * @example
 * for (const status of ERROR_STATUSES) await fetch(url, { headers: { Prefer: `code=${status}` } })
 */
export const ERROR_STATUSES = Object.keys(ERROR_MESSAGES).map(Number) as ErrorStatus[]

export function isErrorStatus(status: number): status is ErrorStatus {
  return Object.hasOwn(ERROR_MESSAGES, status)
}

const REASON_MAX = 400

/**
 * Header values must be Latin-1 without control characters; a reason that
 * quotes user input could break that, so anything else is escaped.
 */
export function toHeaderValue(text: string): string {
  const escaped = text.replace(/[^\x20-\x7e]/g, (char) => {
    const code = char.codePointAt(0) ?? 0
    return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`
  })
  return escaped.length > REASON_MAX ? `${escaped.slice(0, REASON_MAX - 3)}...` : escaped
}

/** Quotes user input inside a reason, shortened so a huge value cannot flood it. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value)
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text)
}

/**
 * The Error body for `status`, with the reason in `X-Mock-Reason` (contract 8).
 * Resolvers throw it: msw turns a thrown Response into the reply.
 */
export function errorResponse(
  status: ErrorStatus,
  reason: string,
  headers: Record<string, string> = {},
): Response {
  const body: ErrorBody = { errorCode: String(status), message: ERROR_MESSAGES[status] }
  return HttpResponse.json(body, {
    status,
    headers: { ...headers, 'X-Mock-Reason': toHeaderValue(reason) },
  })
}
