// serve --upstream --mode proxy against the fake real service: every kind of finding on every
// operation where it applies, none on a clean upstream, upstream failures, what is never forwarded.
import { describe, expect, test } from 'vitest'
import { ERROR_STATUSES } from '../mocks/internal.ts'
import { type Drift, DRIFTS } from './test-fake-upstream.ts'
import { rawRequest } from './test-support.ts'
import { CALLS, kindsOf, type OperationName, PUBLISHED_ARTEFACT, proxied, refusingUrl } from './test-upstream.ts'

const OPERATIONS = Object.keys(CALLS) as OperationName[]

/** What each seeded drift gives, on each operation: a success, a request the spec refuses, a forced 503. */
const MATRIX: Record<Exclude<Drift, 'slow'>, Record<OperationName, string[]>> = {
  'rename-field': {
    createArtefact: ['extra', 'missing'],
    createCategory: ['extra', 'missing'],
    getArtefact: ['extra', 'missing'],
  },
  'retype-field': { createArtefact: ['type'], createCategory: ['type'], getArtefact: ['type'] },
  'missing-field': { createArtefact: ['missing'], createCategory: ['missing'], getArtefact: ['missing'] },
  'extra-field': { createArtefact: ['extra'], createCategory: ['extra'], getArtefact: ['extra'] },
  'undocumented-status': { createArtefact: ['status'], createCategory: ['status'], getArtefact: ['status'] },
  'wrong-content-type': {
    createArtefact: ['content-type'],
    createCategory: ['content-type'],
    getArtefact: ['content-type'],
  },
  'plain-text-error': {
    createArtefact: ['content-type', 'error-body'],
    createCategory: ['content-type', 'error-body'],
    getArtefact: ['content-type', 'error-body'],
  },
  // A GET sends no body: there is no request to refuse.
  'accept-invalid': { createArtefact: ['status (request)'], createCategory: ['status (request)'], getArtefact: [] },
}

async function callAll(proxy: Awaited<ReturnType<typeof proxied>>, operation: OperationName) {
  for (const { method, path, ...init } of CALLS[operation]) await proxy.call(method, path, init)
}

describe('proxy: each seeded drift gives exactly its findings, on each operation', () => {
  test.each(DRIFTS.filter((drift) => drift !== 'slow'))('%s', async (drift) => {
    const proxy = await proxied({ mode: 'proxy' }, { drift: [drift] })
    for (const operation of OPERATIONS) await callAll(proxy, operation)
    const seen = Object.fromEntries(OPERATIONS.map((operation) => [operation, kindsOf(proxy.server, operation)]))
    expect(seen).toEqual(MATRIX[drift as Exclude<Drift, 'slow'>])
    expect(proxy.server.drift().checked).toBe(9)
  })
})

test('proxy: a clean upstream gives no finding, over every operation and every error status of the spec', async () => {
  const proxy = await proxied({ mode: 'proxy' })
  for (const operation of OPERATIONS) {
    await callAll(proxy, operation)
    const success = CALLS[operation][0]!
    for (const status of ERROR_STATUSES)
      await proxy.call(success.method, success.path, { ...success, headers: { Prefer: `code=${status}` } })
  }
  const drift = proxy.server.drift()
  expect(drift.findings).toEqual([])
  expect(drift.checked).toBe(OPERATIONS.length * (3 + ERROR_STATUSES.length))
})

test('proxy: the real answer reaches the client as it was sent, with Via; the request reaches the real service', async () => {
  const proxy = await proxied({ mode: 'proxy' }, { drift: ['extra-field'] })
  const answer = await proxy.call('GET', `${PUBLISHED_ARTEFACT}?x=1`, { headers: { 'X-Trace': 'abc' } })
  expect(answer.status).toBe(200)
  expect(JSON.parse(answer.text).servedBy).toBe('fake-upstream')
  expect(answer.headers.get('Via')).toBe('1.1 artefact-preview-mock')
  expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*')
  const [received] = proxy.upstream.received
  expect(received?.path).toBe(`${PUBLISHED_ARTEFACT}?x=1`)
  expect(received?.headers['x-trace']).toBe('abc')
  expect(received?.headers.via).toBe('1.1 artefact-preview-mock')
  expect(received?.headers.host).toBe(new URL(proxy.upstream.url).host)
})

describe('an upstream that gives no answer', () => {
  test('refused: 502 with the Error body and the reason, and a finding', async () => {
    const proxy = await proxied({ mode: 'proxy', url: await refusingUrl() })
    const answer = await proxy.call('GET', PUBLISHED_ARTEFACT)
    expect(answer.status).toBe(502)
    expect(JSON.parse(answer.text)).toEqual({ errorCode: '502', message: 'Bad Gateway' })
    expect(answer.headers.get('X-Mock-Reason')).toMatch(
      /^upstream http:\/\/127\.0\.0\.1:\d+ refused the connection \(ECONNREFUSED\)$/,
    )
    expect(proxy.server.drift().findings).toMatchObject([
      {
        operation: 'getArtefact',
        kind: 'status',
        expected: 'an answer from the real service',
        actual: 'refused',
        count: 1,
      },
    ])
  })

  test('silent past --upstream-timeout: 502 with the reason, and a finding', async () => {
    const proxy = await proxied({ mode: 'proxy', timeoutMs: 100 }, { drift: ['slow'], delayMs: 1500 })
    const answer = await proxy.call('POST', CALLS.createCategory[0]!.path, { body: { name: 'Too slow' } })
    expect(answer.status).toBe(502)
    expect(answer.headers.get('X-Mock-Reason')).toMatch(/sent nothing for 100 ms$/)
    expect(proxy.server.drift().findings).toMatchObject([
      { operation: 'createCategory', kind: 'status', actual: 'timeout' },
    ])
  })
})

test('the admin paths are answered by the mock and never forwarded, in every mode', async () => {
  for (const mode of ['proxy', 'hybrid', 'shadow'] as const) {
    const proxy = await proxied({ mode })
    for (const path of ['/__mock/state', '/__mock/drift', '/__mock/scenarios', '/__mock/nothing'])
      await proxy.call('GET', path)
    await proxy.call('POST', '/__mock/reset')
    expect(proxy.upstream.received, mode).toEqual([])
  }
})

test('GET /__mock/drift answers the report as contract §13 shapes it', async () => {
  const proxy = await proxied({ mode: 'proxy' }, { drift: ['missing-field'] })
  await proxy.call('GET', PUBLISHED_ARTEFACT)
  await proxy.call('GET', PUBLISHED_ARTEFACT)
  const answer = await proxy.call('GET', '/__mock/drift')
  const report = JSON.parse(answer.text)
  expect(report).toMatchObject({ mode: 'proxy', upstream: proxy.upstream.url, checked: 2, skipped: 0 })
  expect(report.findings).toEqual([
    {
      operation: 'getArtefact',
      kind: 'missing',
      pointer: '/links',
      expected: expect.any(String),
      actual: 'absent',
      severity: 'error',
      side: 'response',
      count: 2,
      example: { method: 'GET', path: PUBLISHED_ARTEFACT, status: 200 },
    },
  ])
  expect(report.ignored.length).toBeGreaterThan(0)
})

test('a request body over the body limit is refused 400 with the reason and not forwarded', async () => {
  const proxy = await proxied({ mode: 'proxy' })
  const answer = await proxy.call('POST', CALLS.createArtefact[0]!.path, { body: { title: 'x'.repeat(1024 * 1024) } })
  expect(answer.status).toBe(400)
  expect(answer.headers.get('X-Mock-Reason')).toMatch(/^body: over the 1048576 bytes the HTTP mode sends on/)
  expect(proxy.upstream.received).toEqual([])
})

test('a request target in absolute form is forwarded in origin form', async () => {
  const proxy = await proxied({ mode: 'proxy' })
  const { host, port } = new URL(proxy.server.url)
  const answer = await rawRequest(
    Number(port),
    `GET http://${host}${PUBLISHED_ARTEFACT} HTTP/1.1\r\nHost: ${host}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`,
  )
  expect(answer.status).toBe(200)
  expect(proxy.upstream.received.map((r) => r.path)).toEqual([PUBLISHED_ARTEFACT])
})

test('a CORS preflight is answered by the HTTP mode itself, not forwarded', async () => {
  const proxy = await proxied({ mode: 'proxy' })
  const answer = await proxy.call('OPTIONS', CALLS.createArtefact[0]!.path, {
    headers: { Origin: 'http://app.test', 'Access-Control-Request-Method': 'POST' },
  })
  expect(answer.status).toBe(204)
  expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*')
  expect(proxy.upstream.received).toEqual([])
})
