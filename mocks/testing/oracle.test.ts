import fc from 'fast-check'
import { expect, test } from 'vitest'
import { NO_LIMITS } from './conditions.ts'
import { acceptHeader, contentTypeHeader, preferHeader } from './request-headers.ts'
import { acceptable, expected, forcedBy, jsonContentType, PREFIX, type Sent, seedWorld } from './oracle.ts'
import { SEED } from './support.ts'

// The generators label each header value with the verdict behaviour §3 and §9 give it; the
// oracle reads the value itself. Agreeing here is what lets the property tests trust the oracle.

test('reads every labelled Accept value as the generator labels it', () => {
  fc.assert(
    fc.property(acceptHeader, ({ value, ok }) => acceptable(value ?? null) === ok),
    { numRuns: 500 },
  )
})

test('reads every labelled Content-Type value as the generator labels it', () => {
  fc.assert(
    fc.property(contentTypeHeader, ({ value, ok }) => jsonContentType(value ?? null) === ok),
    { numRuns: 500 },
  )
})

test('reads every labelled Prefer value as forcing the labelled status, or 400', () => {
  fc.assert(
    fc.property(preferHeader, ({ value, forced }) => forcedBy(value) === (forced ?? 'bad')),
    { numRuns: 500 },
  )
  expect(forcedBy(null)).toBeNull()
  expect(forcedBy('respond-async, wait=10')).toBeNull()
})

const sent = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Sent => ({
  method,
  url: new URL(`http://artefact.test${PREFIX}${path}`),
  headers: new Headers(headers),
  body: body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body)),
})
const quota = (limit: number) => ({ ...NO_LIMITS, quota: limit })
const maintenance = { ...NO_LIMITS, maintenance: true }

test.each([
  ['maintenance before an unknown path', sent('GET', '/nowhere'), maintenance, '503'],
  ['an unknown path before a wrong method', sent('PUT', '/resources/artefact/'), NO_LIMITS, '404'],
  ['OPTIONS on a known path', sent('OPTIONS', '/resources/artefact'), NO_LIMITS, '204'],
  ['a wrong method before Prefer', sent('GET', '/resources/artefact', { Prefer: 'code=429' }), NO_LIMITS, '405'],
  ['Prefer before the quota', sent('POST', '/resources/artefact', { Prefer: 'code=422' }), quota(0), '422'],
  ['the quota before Accept', sent('POST', '/resources/artefact', { Accept: 'text/html' }), quota(0), '403'],
  [
    'Accept before Content-Type',
    sent('POST', '/resources/artefact', { Accept: 'text/*', 'Content-Type': 'text/plain' }),
    NO_LIMITS,
    '406',
  ],
  [
    'Content-Type before the body',
    sent('POST', '/resources/artefactcategory', { 'Content-Type': 'text/plain' }),
    NO_LIMITS,
    '415',
  ],
  ['no body is malformed', sent('POST', '/resources/artefactcategory'), NO_LIMITS, '400'],
  [
    'a taken name, in another case',
    sent('POST', '/resources/artefactcategory', {}, { name: ' getting STARTED ' }),
    NO_LIMITS,
    '422',
  ],
  [
    'a lower-case id of the data set',
    sent('GET', `/resources/artefact/${SEED.published.toUpperCase()}`),
    NO_LIMITS,
    '200',
  ],
  ['an id that is not a UUID', sent('GET', '/resources/artefact/x'), NO_LIMITS, '400'],
  ['a well-formed id not stored', sent('GET', `/resources/artefact/${SEED.unknown}`), NO_LIMITS, '404'],
])('orders the checks as behaviour §2 does: %s', (_, request, conditions, status) => {
  expect(expected(request, conditions, seedWorld()).keys).toEqual([status])
})
