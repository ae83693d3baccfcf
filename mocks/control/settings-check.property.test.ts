/**
 * Decision 054: a control checks its settings by hand, so the browser entry starts without zod.
 * The settings' zod schema stays what the package documents and exports; this holds the check to
 * it: for any input, the same verdict, and the same settings out when both take it.
 */
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { ENGLISH } from '../schemas/english.ts'
import { checkSettings, DEFAULT_SETTINGS, SettingsError } from './settings-check.ts'
import { settingsSchema } from './settings-schema.ts'

/** Mostly a value in range; else one around a bound, or of the wrong kind. */
const near = (min: number, max = 2 ** 31) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max }) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(min - 1, min, max, max + 1) },
        fc.integer(),
        fc.double(),
        fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 53, 1.5),
        fc.constantFrom(null, undefined, '5', true, [], {}),
      ),
    },
  )

/** Mostly `valid`; else anything at all. */
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: fc.anything() })

const latency = mostly(
  fc.oneof(
    fc.record({ mode: fc.constant('off') }),
    fc.record({ mode: fc.constant('fixed'), ms: near(0, 60_000) }),
    fc.record({ mode: fc.constant('range'), minMs: near(0, 60_000), maxMs: near(0, 60_000) }),
    fc.record({ mode: fc.constantFrom('on', 'Off', '', 1), ms: near(0) }, { requiredKeys: [] }),
  ),
)

/** Settings-shaped input: each field mostly right, else near a bound, missing, or anything at all. */
const settingsLike = fc.record(
  {
    maintenance: mostly(fc.boolean()),
    retryAfterSeconds: near(0, 86_400),
    quota: fc.oneof(fc.constant(null), near(0)),
    rateLimit: mostly(
      fc.oneof(fc.constant(null), fc.record({ calls: near(1), windowSeconds: near(1, 86_400) }, { requiredKeys: [] })),
    ),
    latency,
    bodyLimitBytes: near(1),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
)

/** Most draws start from the defaults, as `set()` does; the rest are settings-like or anything. */
const input = fc.oneof(
  { weight: 3, arbitrary: settingsLike.map((patch) => ({ ...DEFAULT_SETTINGS, ...patch })) },
  { weight: 1, arbitrary: settingsLike },
  { weight: 1, arbitrary: fc.anything() },
)

test('the hand-written check gives the settings schema’s verdict and output for any input', () => {
  let accepted = 0
  fc.assert(
    fc.property(input, (value) => {
      const expected = settingsSchema().safeParse(value, ENGLISH)
      let got: ReturnType<typeof checkSettings> | SettingsError
      try {
        got = checkSettings(value)
      } catch (error) {
        expect(error).toBeInstanceOf(SettingsError)
        got = error as SettingsError
      }
      if (expected.success) {
        accepted += 1
        expect(got).toStrictEqual(expected.data)
      } else {
        expect(got).toBeInstanceOf(SettingsError)
        expect((got as SettingsError).issues.length).toBeGreaterThan(0)
      }
    }),
    { numRuns: 10_000 },
  )
  // The draws reach both verdicts often enough to compare them.
  expect(accepted).toBeGreaterThan(1000)
})

/** Each numeric field at and beyond its bounds, the others at their defaults. */
const BOUNDS: Array<[string, (n: number) => object, number, number]> = [
  ['retryAfterSeconds', (n) => ({ retryAfterSeconds: n }), 0, 86_400],
  ['quota', (n) => ({ quota: n }), 0, Number.MAX_SAFE_INTEGER],
  ['rateLimit.calls', (n) => ({ rateLimit: { calls: n, windowSeconds: 1 } }), 1, Number.MAX_SAFE_INTEGER],
  ['rateLimit.windowSeconds', (n) => ({ rateLimit: { calls: 1, windowSeconds: n } }), 1, 86_400],
  ['latency.ms', (n) => ({ latency: { mode: 'fixed', ms: n } }), 0, 60_000],
  ['latency.minMs', (n) => ({ latency: { mode: 'range', minMs: n, maxMs: 60_000 } }), 0, 60_000],
  ['latency.maxMs', (n) => ({ latency: { mode: 'range', minMs: 0, maxMs: n } }), 0, 60_000],
  ['bodyLimitBytes', (n) => ({ bodyLimitBytes: n }), 1, Number.MAX_SAFE_INTEGER],
]

test.each(BOUNDS)('%s: the same verdict at and beyond each bound', (_field, patch, min, max) => {
  for (const n of [min - 1, min, min + 0.5, max, max + 1]) {
    const value = { ...DEFAULT_SETTINGS, ...patch(n) }
    const expected = settingsSchema().safeParse(value, ENGLISH).success
    expect([n, expected ? 'taken' : 'refused']).toEqual([n, refuses(value) ? 'refused' : 'taken'])
  }
})

const refuses = (value: unknown) => {
  try {
    checkSettings(value)
    return false
  } catch {
    return true
  }
}

test('what is not an object at all is refused as the settings', () => {
  expect(() => checkSettings(null)).toThrow('[artefact-mock] settings refused: settings: must be an object')
})

test('a refusal names each wrong field and what it must be', () => {
  const refused = () =>
    checkSettings({ ...DEFAULT_SETTINGS, quota: -1, latency: { mode: 'range', minMs: 9, maxMs: 3 } })
  expect(refused).toThrow(SettingsError)
  expect(refused).toThrow(
    '[artefact-mock] settings refused: quota: must be an integer of at least 0; latency: minMs must not exceed maxMs',
  )
})
