/**
 * The mock's conditions under which a request is sent: maintenance, quota, rate limit, body
 * limit, and the calls counted before it. Test support only.
 */
import fc from 'fast-check'

export interface Conditions {
  maintenance: boolean
  retryAfterSeconds: number
  quota: number | null
  rateLimit: { calls: number; windowSeconds: number } | null
  /** Calls counted before the request under test. */
  preCalls: number
  bodyLimitBytes: number
}
export const NO_LIMITS: Conditions = {
  maintenance: false,
  retryAfterSeconds: 30,
  quota: null,
  rateLimit: null,
  preCalls: 0,
  bodyLimitBytes: 1024 * 1024,
}
export const conditions: fc.Arbitrary<Conditions> = fc.oneof(
  { weight: 17, arbitrary: fc.constant(NO_LIMITS) },
  {
    weight: 3,
    arbitrary: fc.record({
      maintenance: fc.constantFrom(false, false, false, true),
      retryAfterSeconds: fc.integer({ min: 0, max: 86_400 }),
      quota: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      rateLimit: fc.option(
        fc.record({ calls: fc.integer({ min: 1, max: 3 }), windowSeconds: fc.integer({ min: 60, max: 86_400 }) }),
        { nil: null },
      ),
      preCalls: fc.integer({ min: 0, max: 4 }),
      bodyLimitBytes: fc.oneof(fc.constant(1024 * 1024), fc.integer({ min: 1, max: 300 })),
    }),
  },
)
