import { describe, expect, test } from 'vitest'
import { OPERATIONS as REGISTRY } from '../operations/registry.ts'
import {
  ARTEFACT,
  CATEGORY,
  expectError,
  type Mock,
  SEED,
  SPEC_STATUSES,
  startMock,
  validArtefact,
} from '../testing/support.ts'
import { PREFIX, type SpecStatus } from '../testing/oracle.ts'

/** Each operation of the registry with a request it answers with success: its example body, the data set's first artefact as a path parameter. */
const OPERATIONS = REGISTRY.map((operation) => ({
  name: operation.name,
  method: operation.method,
  path: `${PREFIX}${operation.path.replace(/\{[^}]+\}/g, SEED.published)}`,
  body: operation.example?.(),
  takesBody: operation.request !== null,
  /** The methods its path allows: those of every operation on it. */
  allowed: REGISTRY.filter((other) => other.path === operation.path).map((other) => other.method as string),
}))
type Operation = (typeof OPERATIONS)[number]
const POSTS = OPERATIONS.filter((operation) => operation.takesBody)

/** Sends an operation's usual request, with extra headers. */
const send = (mock: Mock, operation: Operation, headers: Record<string, string> = {}) =>
  operation.takesBody
    ? mock.post(operation.path, operation.body, { headers })
    : mock.api(operation.path, { method: operation.method, headers })

/** An Allow header lists exactly the methods of the path, and OPTIONS. */
const expectAllow = (response: Response, allowed: string[]) => {
  const methods = (response.headers.get('Allow') ?? '').split(',').map((method) => method.trim())
  expect(methods.filter((method) => method !== 'OPTIONS').sort()).toStrictEqual([...allowed].sort())
}

describe.each(OPERATIONS)('$name', (operation) => {
  test.each(SPEC_STATUSES)('answers %i with its Error body when Prefer asks for it', async (status) => {
    const mock = startMock()
    const before = mock.contents()
    const response = await send(mock, operation, { Prefer: `code=${status}` })
    if (status === 405) expectAllow(response, operation.allowed)
    if (status === 503) expect(response.headers.get('Retry-After')).toBe('30')
    if (status === 429) expect(response.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/)
    await expectError(response, status as SpecStatus)
    expect(mock.contents()).toStrictEqual(before)
  })

  test.each(['200', '201', '500', '204', 'abc', '', '4040', '40'])(
    'answers 400 when Prefer asks for code=%s',
    async (code) => {
      const mock = startMock()
      await expectError(await send(mock, operation, { Prefer: `code=${code}` }), 400)
    },
  )

  test.each([
    ['respond-async, code=404', 404],
    ['code=429; note=x', 429],
    ['CODE="406"', 406],
  ] as const)('answers a forced status from Prefer: %s', async (prefer, status) => {
    const mock = startMock()
    await expectError(await send(mock, operation, { Prefer: prefer }), status)
  })

  test('answers normally when Prefer has no code', async () => {
    const mock = startMock()
    expect((await send(mock, operation, { Prefer: 'return=minimal' })).status).toBeLessThan(300)
  })

  test('answers a forced 503 with the configured Retry-After', async () => {
    const mock = startMock({ retryAfterSeconds: 7 })
    const response = await send(mock, operation, { Prefer: 'code=503' })
    expect(response.headers.get('Retry-After')).toBe('7')
    await expectError(response, 503)
  })

  test('answers 403 when the quota is used up', async () => {
    const mock = startMock({ quota: 0 })
    const before = mock.contents()
    await expectError(await send(mock, operation), 403)
    expect(mock.contents()).toStrictEqual(before)
  })

  test('answers 406 when Accept asks for text/html', async () => {
    const mock = startMock()
    const before = mock.contents()
    await expectError(await send(mock, operation, { Accept: 'text/html' }), 406)
    expect(mock.contents()).toStrictEqual(before)
  })

  test('answers 429 with Retry-After when the rate limit window is full', async () => {
    const mock = startMock({ rateLimit: { calls: 1, windowSeconds: 60 } })
    expect((await send(mock, operation)).status).toBeLessThan(300)
    const before = mock.contents()
    const response = await send(mock, operation)
    expect(response.headers.get('Retry-After')).toBe('60')
    await expectError(response, 429)
    expect(mock.contents()).toStrictEqual(before)
  })

  test('answers 503 with Retry-After 30 in maintenance mode', async () => {
    const mock = startMock({ maintenance: true })
    const before = mock.contents()
    const response = await send(mock, operation)
    expect(response.headers.get('Retry-After')).toBe('30')
    await expectError(response, 503)
    expect(mock.contents()).toStrictEqual(before)
  })

  test('answers 503 with the configured Retry-After', async () => {
    const mock = startMock({ maintenance: true, retryAfterSeconds: 120 })
    const response = await send(mock, operation)
    expect(response.headers.get('Retry-After')).toBe('120')
    await expectError(response, 503)
  })

  test.each(['PUT', 'PATCH', 'DELETE', 'GET', 'POST'].filter((method) => !operation.allowed.includes(method)))(
    'answers 405 with Allow to %s',
    async (method) => {
      const mock = startMock()
      const before = mock.contents()
      const response = await mock.api(operation.path, { method })
      expectAllow(response, operation.allowed)
      await expectError(response, 405)
      expect(mock.contents()).toStrictEqual(before)
    },
  )

  test('answers 405 with Allow to HEAD', async () => {
    const mock = startMock()
    const response = await mock.api(operation.path, { method: 'HEAD' })
    expect(response.status).toBe(405)
    expectAllow(response, operation.allowed)
    expect(response.headers.get('X-Mock-Reason')).toMatch(/\S/)
  })

  test('answers OPTIONS 204 with Allow and no Content-Length (RFC 9110 8.6)', async () => {
    const mock = startMock()
    const response = await mock.api(operation.path, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expectAllow(response, operation.allowed)
    expect(response.headers.has('Content-Length')).toBe(false)
    expect(await response.text()).toBe('')
  })
})

describe.each(POSTS)('$name', (operation) => {
  test('answers 400 when the body is not valid JSON', async () => {
    const mock = startMock()
    const before = mock.contents()
    await expectError(await mock.post(operation.path, '{"title": '), 400)
    expect(mock.contents()).toStrictEqual(before)
  })

  test('answers 415 when Content-Type is text/plain', async () => {
    const mock = startMock()
    const before = mock.contents()
    await expectError(await send(mock, operation, { 'Content-Type': 'text/plain' }), 415)
    expect(mock.contents()).toStrictEqual(before)
  })

  test('answers 422 when the body does not fit the schema', async () => {
    const mock = startMock()
    const before = mock.contents()
    await expectError(await mock.post(operation.path, { unrelated: true }), 422)
    expect(mock.contents()).toStrictEqual(before)
  })
})

describe('422 reasons', () => {
  const reasonFor = async (body: unknown) => {
    const mock = startMock()
    const before = mock.contents()
    const response = await mock.post(ARTEFACT, body)
    await expectError(response.clone(), 422)
    expect(mock.contents()).toStrictEqual(before)
    return response.headers.get('X-Mock-Reason')
  }

  test.each([
    ['at the top', { ...validArtefact(), title: undefined }, 'title: is required'],
    ['in a content item', { ...validArtefact(), content: [{ text: 'x' }] }, 'content[0].mediaType: is required'],
    [
      'in a metaData entry (a map: each value is parsed on its own)',
      { ...validArtefact(), metaData: { audience: { values: ['all'] } } },
      'metaData.audience.dataType: is required',
    ],
  ])('name a missing field the same way %s', async (_, body, reason) => {
    expect(await reasonFor(body)).toBe(reason)
  })

  test('keep the type a metaData value was expected to have', async () => {
    const body = { ...validArtefact(), metaData: { audience: { values: 'all', dataType: 'string' } } }
    expect(await reasonFor(body)).toBe('metaData.audience.values: Invalid input: expected array, received string')
  })
})

describe('paths', () => {
  test('answers 400 to GET /artefact/{id} when the id is not a UUID', async () => {
    const mock = startMock()
    await expectError(await mock.getArtefact('not-a-uuid'), 400)
  })

  test('keeps X-Mock-Reason printable when it quotes non-ASCII input', async () => {
    const mock = startMock()
    for (const response of [
      await mock.getArtefact('%C3%A9%0A'),
      await mock.post(`${ARTEFACT}?isDraft=%E2%9C%93`, validArtefact()),
    ]) {
      await expectError(response.clone(), 400)
      expect(response.headers.get('X-Mock-Reason')).toMatch(/^[\x20-\x7e]+$/)
    }
  })

  test('answers 404 to GET /artefact/{id} when no artefact has the id', async () => {
    const mock = startMock()
    await expectError(await mock.getArtefact(SEED.unknown), 404)
  })

  test.each([
    '/v3/preview-upcoming',
    '/v3/preview-upcoming/',
    '/v3/preview-upcoming/resources',
    '/v3/preview-upcoming/resources/nothing',
    `${ARTEFACT}/`,
    `${CATEGORY}/`,
    `${ARTEFACT}/${SEED.published}/`,
    `${ARTEFACT}/${SEED.published}/extra`,
    '/v3/preview-upcoming/resources/Artefact',
    '/v3/preview-upcoming/resources/artefactcategory/7',
  ])('answers 404 to any method on %s', async (path) => {
    const mock = startMock()
    for (const method of ['GET', 'POST', 'DELETE']) {
      await expectError(await mock.api(path, { method }), 404)
    }
  })

  test('answers 503 to an unknown path in maintenance mode', async () => {
    const mock = startMock({ maintenance: true })
    const response = await mock.api('/v3/preview-upcoming/resources/nothing')
    expect(response.headers.get('Retry-After')).toBe('30')
    await expectError(response, 503)
  })
})
