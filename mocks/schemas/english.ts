/**
 * zod's English messages. The schemas are zod/mini (decision 044), which loads no locale: without
 * one, every message would read "Invalid input". The mock's own parses pass English with each
 * parse, so its reasons (`X-Mock-Reason`) read the same whatever locale an app sets.
 */
import { en } from 'zod/locales'
import * as z from 'zod/mini'

// Classic zod sets English on its first schema unless a locale is set; these schemas do the
// same, so a consumer's own parse with them reads as it did when they were classic zod.
if (!z.config().localeError) z.config(en())

/** The English message of an issue that has no message of its own. */
const englishMessage: z.core.$ZodErrorMap = /* @__PURE__ */ en().localeError

/** An issue about a value that is not there: zod reports it as a wrong type whose input is undefined. */
export const isMissing = (issue: { code?: string; input?: unknown }): boolean =>
  issue.code === 'invalid_type' && issue.input === undefined

/**
 * Parse options that give issues English messages, a missing value worded `missing`.
 * @example
 * z.safeParse(schema, body, englishWith('is required'))
 */
export const englishWith = (missing: string): { error: z.core.$ZodErrorMap } => ({
  error: (issue) => (isMissing(issue) ? missing : englishMessage(issue)),
})

/** The mock's 422 reasons, as the explorer's hints repeat them: English, a missing field "is required". */
export const REQUEST_MESSAGES = /* @__PURE__ */ englishWith('is required')

/**
 * Parse options that give issues English messages.
 * @example
 * MockSettings.parse(value, ENGLISH)
 */
export const ENGLISH = { error: englishMessage } as const
