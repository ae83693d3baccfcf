import fc from 'fast-check'
import { expect, test } from 'vitest'
import { judgeAccept, judgeContentType } from './negotiation.ts'

const RUNS = 2000
const TCHAR = "!#$%&'*+.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-"
const token = fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength: 8 })
const ows = fc.constantFrom('', '', ' ', '  ', '\t')
const QVALUES = ['0', '0.', '0.0', '0.00', '0.000', '0.001', '0.01', '0.5', '0.999', '1', '1.', '1.0', '1.000']

interface Range {
  type: string
  subtype: string
  q: number
  text: string
}

const quoted = fc.string({ unit: fc.constantFrom(...'abc019 /=.-,;'), maxLength: 8 }).map((text) => `"${text}"`)
const parameter = fc.tuple(
  fc.oneof(
    fc.constantFrom('charset', 'version', 'profile', 'level'),
    token.filter((name) => name.toLowerCase() !== 'q'),
  ),
  fc.oneof(token, quoted),
)
const range: fc.Arbitrary<Range> = fc
  .record({
    type: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('application', 'APPLICATION', 'Application', '*', 'text', 'image') },
      { weight: 1, arbitrary: token },
    ),
    subtype: fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          'json',
          'JSON',
          'Json',
          '*',
          'html',
          'xml',
          'json-seq',
          'problem+json',
          'vnd.api+json',
        ),
      },
      { weight: 1, arbitrary: token },
    ),
    params: fc.array(fc.tuple(ows, ows, parameter), { maxLength: 2 }),
    q: fc.option(fc.tuple(ows, ows, fc.constantFrom('q', 'Q'), fc.constantFrom(...QVALUES)), { nil: undefined }),
    trailingSemicolon: fc.boolean(),
  })
  .map(({ type, subtype, params, q, trailingSemicolon }) => {
    const paramText = params.map(([a, b, [name, value]]) => `${a};${b}${name}=${value}`).join('')
    const weight = q ? `${q[0]};${q[1]}${q[2]}=${q[3]}` : ''
    // RFC 9110 allows an empty parameter after the last ';'.
    return {
      type,
      subtype,
      q: q ? Number(q[3]) : 1,
      text: `${type}/${subtype}${paramText}${weight}${trailingSemicolon ? ';' : ''}`,
    }
  })

/** A header: ranges joined by ',' with optional white space, and sometimes empty list elements. */
const header = fc
  .array(fc.oneof({ weight: 5, arbitrary: range }, { weight: 1, arbitrary: fc.constant(null) }), { maxLength: 5 })
  .chain((items) =>
    fc.array(fc.tuple(ows, ows), { minLength: items.length, maxLength: items.length }).map((spaces) => ({
      ranges: items.filter((item): item is Range => item !== null),
      text: items.map((item, i) => `${spaces[i]![0]}${item?.text ?? ''}${spaces[i]![1]}`).join(','),
    })),
  )

/** Contract 3: every range must be one application/json satisfies, with q > 0. */
const coversJson = ({ type, subtype }: Range) => {
  const [t, s] = [type.toLowerCase(), subtype.toLowerCase()]
  return (t === '*' && s === '*') || (t === 'application' && (s === '*' || s === 'json'))
}
const oracle = (ranges: Range[]) => ranges.every((r) => coversJson(r) && r.q > 0)

test('judgeAccept is ok exactly when every non-empty range is application/json, application/* or */* with q > 0', () => {
  fc.assert(
    fc.property(header, ({ ranges, text }) => {
      expect(judgeAccept(text).ok, text).toBe(oracle(ranges))
    }),
    { seed: 9_001, numRuns: RUNS },
  )
  expect(judgeAccept(null).ok).toBe(true)
})

test('judgeAccept never throws and always answers a verdict, a refusal with a reason, for any string', () => {
  const anything = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({ unit: fc.constantFrom(...'a/*;=q0.1, "\t'), maxLength: 30 }),
  )
  fc.assert(
    fc.property(anything, (text) => {
      const verdict = judgeAccept(text)
      expect(typeof verdict.ok).toBe('boolean')
      if (!verdict.ok) expect(verdict.reason).toMatch(/\S/)
      // Nothing but white space and commas is an empty list: fine (behaviour §3).
      if (/^[\s,]*$/.test(text)) expect(verdict.ok).toBe(true)
    }),
    { seed: 9_002, numRuns: RUNS },
  )
})

test('judgeContentType takes application/json with any parameters, and nothing else', () => {
  const contentType = fc
    .record({
      type: fc.oneof(fc.constantFrom('application', 'APPLICATION', 'text', '*'), token),
      subtype: fc.oneof(
        fc.constantFrom('json', 'JSON', 'plain', '*', 'json-patch+json', 'x-www-form-urlencoded'),
        token,
      ),
      params: fc.array(fc.tuple(ows, parameter), { maxLength: 2 }),
    })
    .map(({ type, subtype, params }) => ({
      ok: type.toLowerCase() === 'application' && subtype.toLowerCase() === 'json',
      text: `${type}/${subtype}${params.map(([space, [name, value]]) => `${space};${name}=${value}`).join('')}`,
    }))
  fc.assert(
    fc.property(contentType, ({ ok, text }) => {
      expect(judgeContentType(text).ok, text).toBe(ok)
    }),
    { seed: 9_003, numRuns: RUNS },
  )
  expect(judgeContentType(null).ok).toBe(true)
})
