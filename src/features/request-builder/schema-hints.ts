import type * as z from 'zod'
import { formatIssuePath } from '#mocks/schemas.ts'

export interface Hint {
  /** Where in the text the hint points (character offsets). */
  from: number
  to: number
  /** e.g. `title: is required`. */
  message: string
}


/** The syntax error of a body, or null when it is JSON. */
export function syntaxError(text: string): string | null {
  try {
    JSON.parse(text)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : 'not valid JSON'
  }
}

/** Points at the last named key of a path in the text; else at the opening brace. */
function locate(text: string, path: ReadonlyArray<PropertyKey>): { from: number; to: number } {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string')
  if (key !== undefined) {
    const at = text.indexOf(JSON.stringify(key))
    if (at >= 0) return { from: at, to: at + JSON.stringify(key).length }
  }
  const brace = Math.max(0, text.indexOf('{'))
  return { from: brace, to: Math.min(text.length, brace + 1) }
}

/**
 * What the mock's request schema says about a body that is JSON: the same
 * messages its 422 would give. A body that is not JSON gives no hints (the
 * syntax linter speaks for it).
 */
export function schemaHints(text: string, schema: z.ZodType): Hint[] {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return []
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ from: 0, to: Math.min(1, text.length), message: 'body: must be a JSON object (else 400)' }]
  }
  const result = schema.safeParse(value, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
  })
  if (result.success) return []
  return result.error.issues.map((issue) => ({
    ...locate(text, issue.path),
    message: `${formatIssuePath(issue.path) || 'body'}: ${issue.message}`,
  }))
}
