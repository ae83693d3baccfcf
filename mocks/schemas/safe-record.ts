/**
 * A zod record that keeps every key as data, shared by the resource and request schemas.
 * Internal: not part of the public API.
 */
import * as z from 'zod/mini'
import { ENGLISH, isMissing } from './english.ts'

/** What a record (and zod's object) takes as an object: not null, not an array. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// English, as every parse of the mock's; with each issue's input, to tell a missing value.
const INNER = { ...ENGLISH, reportInput: true } as const

/**
 * A string-keyed map whose values fit `value`. Unlike `z.record`, it keeps a
 * `__proto__` key as data (behaviour §7) and never touches a prototype.
 */
export const safeRecord = <T extends z.ZodMiniType>(value: T) =>
  z.pipe(
    z.custom<Record<string, unknown>>(isRecord, 'must be an object'),
    z.transform((input: Record<string, unknown>, ctx) => {
      const entries: Array<[string, z.output<T>]> = []
      for (const key of Object.keys(input)) {
        // A parse of its own: the outer parse's options do not reach it, so it asks for English itself.
        const result = value.safeParse(input[key], INNER)
        if (result.success) {
          entries.push([key, result.data])
          continue
        }
        for (const { input: given, message, ...issue } of result.error.issues) {
          // A missing value goes up without a message, so the enclosing parse words it as it words
          // any other (the mock's reasons: "is required"); every other issue keeps its own.
          ctx.issues.push({
            ...issue,
            ...(isMissing({ code: issue.code, input: given }) ? {} : { message }),
            input: undefined,
            path: [key, ...issue.path],
          })
        }
      }
      // Object.fromEntries defines own data properties, so `__proto__` stays a key.
      return Object.fromEntries(entries) as Record<string, z.output<T>>
    }),
  )
