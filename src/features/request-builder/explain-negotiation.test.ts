import { expect, test } from 'vitest'
import { explainAccept, explainContentType } from './explain-negotiation.ts'

const value = (text: string) => ({ mode: 'value', value: text }) as const

test('accepts application/json, */* and application/*', () => {
  for (const header of ['application/json', '*/*', 'application/*;q=0.5', 'application/json, */*']) {
    expect(explainAccept(value(header))).toEqual({ ok: true, text: '✓ application/json satisfies every range' })
  }
})

test('explains an omitted Accept as the browser default', () => {
  expect(explainAccept({ mode: 'omit' }).ok).toBe(true)
  expect(explainAccept({ mode: 'omit' }).text).toContain('*/*')
})

test('names the range that cannot be produced', () => {
  expect(explainAccept(value('text/html'))).toEqual({ ok: false, text: '✗ text/html cannot be produced → 406' })
  expect(explainAccept(value('application/json, text/plain'))).toEqual({
    ok: false,
    text: '✗ text/plain cannot be produced → 406',
  })
})

test('explains q=0 and a range that does not parse', () => {
  expect(explainAccept(value('application/json;q=0')).text).toBe(
    '✗ application/json has q=0 and refuses application/json → 406',
  )
  expect(explainAccept(value('nonsense')).text).toBe('✗ "nonsense" is not a media range → 406')
})

test('explains Content-Type the way the mock judges it', () => {
  expect(explainContentType({ mode: 'omit' }).ok).toBe(true)
  expect(explainContentType(value('application/json; charset=utf-8')).ok).toBe(true)
  expect(explainContentType(value('text/plain'))).toEqual({
    ok: false,
    text: '✗ text/plain is not application/json → 415',
  })
})
