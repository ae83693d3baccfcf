import { ERROR_MESSAGES, isErrorStatus } from '#mocks/handlers/errors.ts'

/** The Condition column of the spec's error table: what each status means in this API. */
const CONDITIONS: Record<keyof typeof ERROR_MESSAGES, string> = {
  400: 'The request is malformed. The client should not repeat it without modification.',
  403: 'The caller is out of call volume quota.',
  404: 'Nothing matches the request URI (the document is not found).',
  405: 'The method is not allowed for the addressed resource.',
  406: 'The Accept header asks for a representation that cannot be produced. When an Accept header is given, application/json must be the only media type.',
  415: 'The body format is not supported. The only supported media type is application/json.',
  422: 'The request is well-formed but cannot be followed because of semantic errors.',
  429: 'The number of requests has reached the plan\u2019s rate limit.',
  503: 'The servers are under maintenance.',
}

export interface StatusMeaning {
  message: string
  condition: string
}

/** The spec's message and condition for an error status; null for any other status. */
export function statusMeaning(status: number): StatusMeaning | null {
  if (!isErrorStatus(status)) return null
  return { message: ERROR_MESSAGES[status], condition: CONDITIONS[status] }
}

/** A status class for colouring: 'ok' (2xx), 'warn' (4xx), 'bad' (5xx), 'info' (other). */
export function statusClass(status: number): 'ok' | 'warn' | 'bad' | 'info' {
  if (status >= 200 && status < 300) return 'ok'
  if (status >= 400 && status < 500) return 'warn'
  if (status >= 500) return 'bad'
  return 'info'
}
