/** One row of the status table. */
export interface StatusRow {
  /** The spec's message, sent in the Error body. */
  message: string
  /** What the status means in this API: the spec's Condition column, as the explorer shows it. */
  meaning: string
  /** The headers an answer with this status always carries (beside `X-Mock-Reason`), forced or not. */
  headers: readonly ('Allow' | 'Retry-After')[]
  /** The OpenAPI response component's name, and what the mock answers it for, in detail. */
  openapi: { name: string; detail: string }
}

/**
 * The one status table: every error status the service answers with, its
 * message, its meaning, its usual headers and its OpenAPI description.
 * @example
 * STATUS_TABLE[429].headers // ['Retry-After']
 */
export const STATUS_TABLE = {
  400: {
    message: 'Bad Request',
    meaning: 'The request is malformed. The client should not repeat it without modification.',
    headers: [],
    openapi: {
      name: 'BadRequest',
      detail:
        'The request is malformed: body missing, not JSON or not an object, or over the size limit; `isDraft` not exactly `true`/`false`; an id that is not a UUID; a `Prefer: code=` that is not an error status.',
    },
  },
  403: {
    message: 'Out of call volume quota',
    meaning: 'The caller is out of call volume quota.',
    headers: [],
    openapi: { name: 'OutOfQuota', detail: 'The caller is out of call volume quota.' },
  },
  404: {
    message: 'Not Found',
    meaning: 'Nothing matches the request URI (the document is not found).',
    headers: [],
    openapi: {
      name: 'NotFound',
      detail: 'Nothing matches the request URI: an unknown path under the prefix, or no artefact with this id.',
    },
  },
  405: {
    message: 'Method Not Allowed',
    meaning: 'The method is not allowed for the addressed resource.',
    headers: ['Allow'],
    openapi: {
      name: 'MethodNotAllowed',
      detail: 'The method is not allowed for the addressed resource; `Allow` lists the allowed ones.',
    },
  },
  406: {
    message: 'Not Acceptable',
    meaning:
      'The Accept header asks for a representation that cannot be produced. When an Accept header is given, application/json must be the only media type.',
    headers: [],
    openapi: {
      name: 'NotAcceptable',
      detail: 'The Accept header asks for a representation other than `application/json`.',
    },
  },
  415: {
    message: 'Unsupported Media Type',
    meaning: 'The body format is not supported. The only supported media type is application/json.',
    headers: [],
    openapi: {
      name: 'UnsupportedMediaType',
      detail: 'The body is not `application/json` (an absent Content-Type reads as JSON).',
    },
  },
  422: {
    message: 'Unprocessable Entity',
    meaning: 'The request is well-formed but cannot be followed because of semantic errors.',
    headers: [],
    openapi: {
      name: 'UnprocessableEntity',
      detail: 'The body is well-formed JSON but does not fit the request schema, or a category name is taken.',
    },
  },
  429: {
    message: 'Too Many Requests',
    meaning: 'The number of requests has reached the plan\u2019s rate limit.',
    headers: ['Retry-After'],
    openapi: {
      name: 'TooManyRequests',
      detail: "The number of requests has reached the plan's rate limit; `Retry-After` says when to try again.",
    },
  },
  503: {
    message: 'Service Unavailable',
    meaning: 'The servers are under maintenance.',
    headers: ['Retry-After'],
    openapi: {
      name: 'ServiceUnavailable',
      detail: 'The servers are under maintenance; `Retry-After` says when to try again.',
    },
  },
} as const satisfies Record<number, StatusRow>

/** One of the nine error statuses of the spec's table. */
export type ErrorStatus = keyof typeof STATUS_TABLE

/**
 * The spec's error table: every status the service answers with, and its message.
 * @example
 * ERROR_MESSAGES[403] // 'Out of call volume quota'
 */
export const ERROR_MESSAGES = Object.fromEntries(
  Object.entries(STATUS_TABLE).map(([status, row]) => [status, row.message]),
) as { readonly [S in ErrorStatus]: (typeof STATUS_TABLE)[S]['message'] }

/**
 * The nine error statuses of the spec, in order.
 * @example
 * for (const status of ERROR_STATUSES) await fetch(url, { headers: { Prefer: `code=${status}` } })
 */
export const ERROR_STATUSES = Object.keys(STATUS_TABLE).map(Number) as ErrorStatus[]

export function isErrorStatus(status: number): status is ErrorStatus {
  return Object.hasOwn(STATUS_TABLE, status)
}
