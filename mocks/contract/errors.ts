import type { ErrorBody } from '../schemas/resources.ts'
import { ERROR_MESSAGES, type ErrorStatus } from '../schemas/status-table.ts'
import { jsonResponse } from './json-response.ts'

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
 * The Error body for `status`, with the reason in `X-Mock-Reason` (behaviour §8).
 * Resolvers throw it: msw turns a thrown Response into the reply.
 */
export function errorResponse(status: ErrorStatus, reason: string, headers: Record<string, string> = {}): Response {
  const body: ErrorBody = { errorCode: String(status), message: ERROR_MESSAGES[status] }
  return jsonResponse(body, {
    status,
    headers: { ...headers, 'X-Mock-Reason': toHeaderValue(reason) },
  })
}
