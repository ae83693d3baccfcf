/** What the HTTP mode answers itself (the admin paths, refusals), beside the mock's own Responses. */
import { ERROR_MESSAGES } from '../mocks/index.ts'
// Not in the barrel: the header escaping the mock's own reasons go through.
import { toHeaderValue } from '../mocks/internal.ts'

export interface Answer {
  status: number
  headers?: Record<string, string>
  body?: unknown
}

export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  body,
  headers,
})

/**
 * The Error body `{ errorCode, message }` with the reason in `X-Mock-Reason` (behaviour §8).
 * The message is the spec's for its statuses; the admin's own (401, 403 Forbidden) pass theirs.
 */
export function problem(
  status: number,
  reason: string,
  options: { message?: string; headers?: Record<string, string> } = {},
): Answer {
  const message = options.message ?? (ERROR_MESSAGES as Record<number, string>)[status] ?? 'Error'
  return jsonAnswer(
    status,
    { errorCode: String(status), message },
    { ...options.headers, 'X-Mock-Reason': toHeaderValue(reason) },
  )
}
