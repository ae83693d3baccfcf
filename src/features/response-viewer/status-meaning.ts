import { isErrorStatus, STATUS_TABLE } from '#mocks/handlers/errors.ts'

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

/** A status class for colouring: 'ok' (2xx), 'warn' (4xx), 'bad' (5xx), 'info' (other). */
export function statusClass(status: number): 'ok' | 'warn' | 'bad' | 'info' {
  if (status >= 200 && status < 300) return 'ok'
  if (status >= 400 && status < 500) return 'warn'
  if (status >= 500) return 'bad'
  return 'info'
}
