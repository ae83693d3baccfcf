/** The mock's conditions (behaviour §9): their schema, the defaults, and how a control refuses settings. */
import * as z from 'zod/mini'
import { ENGLISH } from '../schemas/english.ts'
import { formatIssuePath } from '../schemas/helpers.ts'

/** An integer from `min`, to `max` when given. */
const intIn = (min: number, max?: number) => {
  const message =
    max === undefined ? `must be an integer of at least ${min}` : `must be an integer from ${min} to ${max}`
  return max === undefined
    ? z.int(message).check(z.minimum(min, message))
    : z.int(message).check(z.minimum(min, message), z.maximum(max, message))
}

/**
 * The mock's conditions (behaviour §9); every one can change at run time.
 * @example
 * MockSettings.safeParse(JSON.parse(localStorage.getItem('settings') ?? 'null')).success
 */
export const MockSettings = z.object({
  /** Answer every request 503 (checked first). */
  maintenance: z.boolean('must be true or false'),
  /** `Retry-After` seconds on a 503. */
  retryAfterSeconds: intIn(0, 86_400),
  /** Calls allowed before 403; null turns the quota off. */
  quota: z.nullable(intIn(0)),
  /** At most `calls` per window of `windowSeconds`, else 429; null turns it off. */
  rateLimit: z.nullable(z.object({ calls: intIn(1), windowSeconds: intIn(1, 86_400) })),
  latency: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('off') }),
    z.object({ mode: z.literal('fixed'), ms: intIn(0, 60_000) }),
    z
      .object({ mode: z.literal('range'), minMs: intIn(0, 60_000), maxMs: intIn(0, 60_000) })
      .check(z.refine((range) => range.minMs <= range.maxMs, 'minMs must not exceed maxMs')),
  ]),
  /** Bodies larger than this many bytes are 400. */
  bodyLimitBytes: intIn(1),
})
export type MockSettings = z.infer<typeof MockSettings>
/** How answers are delayed: not, by a fixed time, or by a time drawn from a range. */
export type LatencySetting = MockSettings['latency']

/**
 * The settings a new control starts from: everything off, 1 MiB bodies, Retry-After 30 s.
 * @example
 * control.set(DEFAULT_SETTINGS) // undo every change of settings
 */
export const DEFAULT_SETTINGS: MockSettings = {
  maintenance: false,
  retryAfterSeconds: 30,
  quota: null,
  rateLimit: null,
  latency: { mode: 'off' },
  bodyLimitBytes: 1024 * 1024,
}

/** One thing wrong with the settings given: where, and what. */
export interface SettingsIssue {
  path: PropertyKey[]
  message: string
}

/**
 * Settings a control refused; `issues` says which and why, and nothing was changed.
 * @example
 * try { control.set({ quota: -1 }) } catch (error) { if (error instanceof SettingsError) error.issues[0]?.message }
 */
export class SettingsError extends TypeError {
  readonly issues: SettingsIssue[]
  constructor(issues: SettingsIssue[]) {
    super(
      `[artefact-mock] settings refused: ${issues.map((issue) => `${formatIssuePath(issue.path) || 'settings'}: ${issue.message}`).join('; ')}`,
    )
    this.name = 'SettingsError'
    this.issues = issues
  }
}

/**
 * The settings as the control holds them: `value` parsed with `MockSettings`. Throws a
 * `SettingsError` listing every field that is wrong.
 * @example
 * checkSettings({ ...DEFAULT_SETTINGS, quota: 2 }).quota // 2
 */
export function checkSettings(value: unknown): MockSettings {
  const result = MockSettings.safeParse(value, ENGLISH)
  if (result.success) return result.data
  throw new SettingsError(result.error.issues.map(({ path, message }) => ({ path, message })))
}
