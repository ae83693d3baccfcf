/**
 * The mock's conditions (behaviour §9): their schema, built on first use (decision 049).
 * `./settings.ts`, the public module, exports it built. A control checks what it is given by
 * hand, held to this schema by a property test (`settings-check.ts`, decision 054).
 */
import * as z from 'zod/mini'
import { once } from '../schemas/once.ts'

/** An integer from `min`, to `max` when given. */
const intIn = (min: number, max?: number) =>
  max === undefined ? z.int().check(z.minimum(min)) : z.int().check(z.minimum(min), z.maximum(max))

const latencySchema = () =>
  z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('off') }),
    z.object({ mode: z.literal('fixed'), ms: intIn(0, 60_000) }),
    z
      .object({ mode: z.literal('range'), minMs: intIn(0, 60_000), maxMs: intIn(0, 60_000) })
      .check(z.refine((range) => range.minMs <= range.maxMs, 'minMs must not exceed maxMs')),
  ])

/**
 * The settings' schema, built on the first call: a control checks with it what it is given.
 * @example
 * settingsSchema().parse({ ...DEFAULT_SETTINGS, quota: 2 }, ENGLISH)
 */
export const settingsSchema = once(() =>
  z.object({
    /** Answer every request 503 (checked first). */
    maintenance: z.boolean(),
    /** `Retry-After` seconds on a 503. */
    retryAfterSeconds: intIn(0, 86_400),
    /** Calls allowed before 403; null turns the quota off. */
    quota: z.nullable(intIn(0)),
    /** At most `calls` per window of `windowSeconds`, else 429; null turns it off. */
    rateLimit: z.nullable(z.object({ calls: intIn(1), windowSeconds: intIn(1, 86_400) })),
    latency: latencySchema(),
    /** Bodies larger than this many bytes are 400. */
    bodyLimitBytes: intIn(1),
  }),
)

/** The mock's conditions (behaviour §9); every one can change at run time. */
export type MockSettings = z.infer<ReturnType<typeof settingsSchema>>
/** How answers are delayed: not, by a fixed time, or by a time drawn from a range. */
export type LatencySetting = MockSettings['latency']
