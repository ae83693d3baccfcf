import * as z from 'zod'
import { formatIssuePath, REQUEST_MESSAGES } from '#mocks/internal.ts'

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

/**
 * Points at a path in the text, walking its keys in order (`category.id` finds the
 * "id" after "category"); else at the opening brace.
 */
export function locate(text: string, path: ReadonlyArray<PropertyKey>): { from: number; to: number } {
  let at = -1
  let found: { from: number; to: number } | null = null
  for (const part of path) {
    if (typeof part !== 'string') continue
    const key = JSON.stringify(part)
    const next = text.indexOf(key, at + 1)
    if (next < 0) break
    at = next
    found = { from: next, to: next + key.length }
  }
  if (found) return found
  const brace = Math.max(0, text.indexOf('{'))
  return { from: brace, to: Math.min(text.length, brace + 1) }
}

/** `variations[1].content[0]` as the keys and indexes it names. */
export function parsePath(path: string): PropertyKey[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) =>
    match[2] !== undefined ? Number(match[2]) : (match[1] ?? ''),
  )
}

/**
 * What the mock's request schema says about a body that is JSON: the same
 * messages its 422 would give. A body that is not JSON gives no hints (the
 * syntax linter speaks for it).
 */
export function schemaHints(text: string, schema: z.core.$ZodType): Hint[] {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return []
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ from: 0, to: Math.min(1, text.length), message: 'body: must be a JSON object (else 400)' }]
  }
  const result = z.safeParse(schema, value, REQUEST_MESSAGES)
  if (result.success) return []
  return result.error.issues.map((issue) => ({
    ...locate(text, issue.path),
    message: `${formatIssuePath(issue.path) || 'body'}: ${issue.message}`,
  }))
}
