/**
 * Decision 054: a control checks its settings by hand, so the browser entry starts without zod.
 * The settings' zod schema stays what the package documents and exports; this holds the check to
 * it: for any input, the same verdict, and the same settings out when both take it.
 */
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { ENGLISH } from './english.ts'
import { checkSettings, DEFAULT_SETTINGS, SettingsError } from './settings-check.ts'
import { settingsSchema } from './settings-schema.ts'

/** Around each bound, and values of the wrong kind. */
const near = (...bounds: number[]) =>
  fc.oneof(
    fc.constantFrom(...bounds.flatMap((bound) => [bound - 1, bound, bound + 1])),
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 53, 1.5),
    fc.constantFrom(null, undefined, '5', true, [], {}),
  )

const latency = fc.oneof(
  fc.record({ mode: fc.constant('off') }),
  fc.record({ mode: fc.constant('fixed'), ms: near(0, 60_000) }),
  fc.record({ mode: fc.constant('range'), minMs: near(0, 60_000), maxMs: near(0, 60_000) }),
  fc.record({ mode: fc.constantFrom('on', 'Off', '', 1), ms: near(0) }, { requiredKeys: [] }),
  fc.anything(),
)

/** Settings-shaped input: each field right, near a bound, missing, or anything at all. */
const settingsLike = fc.record(
  {
    maintenance: fc.oneof(fc.boolean(), fc.anything()),
    retryAfterSeconds: near(0, 86_400),
    quota: fc.oneof(fc.constant(null), near(0)),
    rateLimit: fc.oneof(
      fc.constant(null),
      fc.record({ calls: near(1), windowSeconds: near(1, 86_400) }, { requiredKeys: [] }),
      fc.anything(),
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
    { numRuns: 3000 },
  )
  // The draws reach both verdicts often enough to compare them.
  expect(accepted).toBeGreaterThan(100)
})

test('a refusal names each wrong field and what it must be', () => {
  const refused = () =>
    checkSettings({ ...DEFAULT_SETTINGS, quota: -1, latency: { mode: 'range', minMs: 9, maxMs: 3 } })
  expect(refused).toThrow(SettingsError)
  expect(refused).toThrow(
    '[artefact-mock] settings refused: quota: must be an integer of at least 0; latency: minMs must not exceed maxMs',
  )
})
