import { describe, expect, test } from 'vitest'
import { ARTEFACT, CATEGORY, expectError, SEED, startMock, validArtefact } from '../testing/support.ts'

const ABSENT = null

/** Accept values, and whether application/json satisfies every range in them. */
const ACCEPTS: Array<[string | null, boolean]> = [
  [ABSENT, true],
  ['', true],
  ['*/*', true],
  ['application/*', true],
  ['application/json', true],
  ['application/json;q=0.5', true],
  ['text/html', false],
  ['text/*', false],
  ['application/json, text/plain', false],
  ['text/plain', false],
  ['application/json;q=0', false],
  ['*/*;q=0', false],
  ['garbage', false],
]

/** Content-Type values of a POST, and whether they read as JSON. */
const CONTENT_TYPES: Array<[string | null, boolean]> = [
  [ABSENT, true],
  ['application/json', true],
  ['application/json; charset=utf-8', true],
  ['APPLICATION/JSON', true],
  ['text/plain', false],
  ['application/xml', false],
]

const MATRIX = CONTENT_TYPES.flatMap(([contentType, jsonBody]) =>
  ACCEPTS.map(([accept, acceptable]) => ({
    contentType,
    accept,
    expected: (!acceptable ? 406 : !jsonBody ? 415 : 200) as 200 | 406 | 415,
  })),
)

const show = (value: string | null) => (value === null ? 'absent' : JSON.stringify(value))

/** A POST whose headers are exactly the ones given: a byte body makes fetch add no Content-Type. */
function rawPost(body: unknown, headers: Record<string, string | null>): RequestInit {
  const given: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) if (value !== null) given[name] = value
  return { method: 'POST', headers: given, body: new TextEncoder().encode(JSON.stringify(body)) }
}

describe('create artefact', () => {
  test.each(MATRIX)(
    'answers $expected when Content-Type is $contentType and Accept is $accept',
    async ({ contentType, accept, expected }) => {
      const mock = startMock()
      const response = await mock.api(
        ARTEFACT,
        rawPost(validArtefact(), { 'Content-Type': contentType, Accept: accept }),
      )
      expect(response.headers.get('Content-Type')).toBe('application/json')
      if (expected === 200) expect(response.status, `${show(contentType)} x ${show(accept)}`).toBe(200)
      else await expectError(response, expected)
    },
  )
})

describe('create category', () => {
  test.each(CONTENT_TYPES)('answers by Content-Type %s alone when Accept is absent', async (contentType, jsonBody) => {
    const mock = startMock()
    const response = await mock.api(CATEGORY, rawPost({ name: 'Negotiated' }, { 'Content-Type': contentType }))
    if (jsonBody) expect(response.status).toBe(201)
    else await expectError(response, 415)
  })

  test.each(ACCEPTS)('answers by Accept %s alone when Content-Type is application/json', async (accept, acceptable) => {
    const mock = startMock()
    const headers = { 'Content-Type': 'application/json', Accept: accept }
    const response = await mock.api(CATEGORY, rawPost({ name: 'Negotiated' }, headers))
    if (acceptable) expect(response.status).toBe(201)
    else await expectError(response, 406)
  })
})

describe('get artefact', () => {
  test.each(ACCEPTS)('answers by Accept %s', async (accept, acceptable) => {
    const mock = startMock()
    const response = await mock.getArtefact(SEED.published, accept === null ? {} : { headers: { Accept: accept } })
    expect(response.headers.get('Content-Type')).toBe('application/json')
    if (acceptable) expect(response.status).toBe(200)
    else await expectError(response, 406)
  })

  test.each(['text/plain', 'application/xml', 'garbage'])('ignores Content-Type %s', async (contentType) => {
    const mock = startMock()
    expect((await mock.getArtefact(SEED.published, { headers: { 'Content-Type': contentType } })).status).toBe(200)
  })
})

describe('Accept ranges', () => {
  test.each([
    'application/json, */*',
    'application/json, application/*;q=0.1, */*;q=0.01',
    'application/json;charset=utf-8',
    'APPLICATION/JSON',
    'Application/*',
    'application/json;q=1.0',
    ' application/json ,  */* ',
    'application/json;',
    'application/json; charset=utf-8;',
  ])('accepts %s', async (accept) => {
    const mock = startMock()
    expect((await mock.getArtefact(SEED.published, { headers: { Accept: accept } })).status).toBe(200)
  })

  test.each([
    'application/problem+json',
    'application/jsonx',
    'text/json',
    'application/*;q=0',
    'application/json;q=0.000',
    '*/*, text/html',
    'image/*',
    'application',
    'application/json/extra',
    'application/json;q=2',
  ])('answers 406 to %s', async (accept) => {
    const mock = startMock()
    await expectError(await mock.getArtefact(SEED.published, { headers: { Accept: accept } }), 406)
  })
})

describe('Content-Type on POST', () => {
  test.each(['application/json;charset=UTF-8', 'Application/Json ; charset="utf-8"', 'application/json;'])(
    'accepts %s',
    async (contentType) => {
      const mock = startMock()
      expect((await mock.post(ARTEFACT, validArtefact(), { headers: { 'Content-Type': contentType } })).status).toBe(
        200,
      )
    },
  )

  test.each([
    'application/json-patch+json',
    'application/merge-patch+json',
    'text/json',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
    'json',
  ])('answers 415 to %s', async (contentType) => {
    const mock = startMock()
    const before = mock.contents()
    await expectError(await mock.post(ARTEFACT, validArtefact(), { headers: { 'Content-Type': contentType } }), 415)
    expect(mock.contents()).toStrictEqual(before)
  })

  test('answers 415 to a string body sent without Content-Type, which fetch labels text/plain', async () => {
    const mock = startMock()
    await expectError(await mock.api(ARTEFACT, { method: 'POST', body: JSON.stringify(validArtefact()) }), 415)
  })
})

test('answers every success with Content-Type application/json', async () => {
  const mock = startMock()
  for (const response of [
    await mock.post(ARTEFACT, validArtefact()),
    await mock.post(CATEGORY, { name: 'JSON only' }),
    await mock.getArtefact(SEED.published),
  ]) {
    expect(response.status).toBeLessThan(300)
    expect(response.headers.get('Content-Type')).toBe('application/json')
  }
})
