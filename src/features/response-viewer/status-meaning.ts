import { ERROR_MESSAGES, isErrorStatus, STATUS_TABLE } from '#mocks/internal.ts'

export interface StatusMeaning {
  message: string
  condition: string
}

/** The spec's message and condition (the status table's meaning) for an error status; null for any other status. */
export function statusMeaning(status: number): StatusMeaning | null {
  if (!isErrorStatus(status)) return null
  const { message, meaning } = STATUS_TABLE[status]
  return { message, condition: meaning }
}

const SUCCESS_WORDS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' }

/**
 * The words after a status: the spec's message for its error statuses (so a quota 403
 * reads "Out of call volume quota", as its body does, not HTTP's "Forbidden"), else
 * the usual reason phrase, else what the response gave.
 */
export function statusWords(status: number, given = ''): string {
  if (isErrorStatus(status)) return ERROR_MESSAGES[status]
  return SUCCESS_WORDS[status] ?? given
}

/** A status class for colouring: 'ok' (2xx), 'warn' (4xx), 'bad' (5xx), 'info' (other). */
export function statusClass(status: number): 'ok' | 'warn' | 'bad' | 'info' {
  if (status >= 200 && status < 300) return 'ok'
  if (status >= 400 && status < 500) return 'warn'
  if (status >= 500) return 'bad'
  return 'info'
}
