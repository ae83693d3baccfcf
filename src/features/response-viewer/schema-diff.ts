import * as z from 'zod'
import { englishWith, formatIssuePath } from '#mocks/internal.ts'

export interface Difference {
  /** Where in the body, e.g. `variations[0].id`; `(body)` for the whole. */
  path: string
  message: string
}

// English, a missing field worded from the reader's side: the response lacks it.
const RESPONSE_MESSAGES = englishWith('is missing')
const pathOf = (path: ReadonlyArray<PropertyKey>) => formatIssuePath(path) || '(body)'

/** Compares a response body (text) with a schema; an empty list means it matches. */
export function diffAgainstSchema(schema: z.core.$ZodType, bodyText: string): Difference[] {
  let value: unknown
  try {
    value = JSON.parse(bodyText)
  } catch {
    return [{ path: '(body)', message: 'is not JSON' }]
  }
  const result = z.safeParse(schema, value, RESPONSE_MESSAGES)
  if (result.success) return []
  return result.error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message }))
}
