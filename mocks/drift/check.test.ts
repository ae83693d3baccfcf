import { describe, expect, test } from 'vitest'
import { OPERATIONS } from '../operations/registry.ts'
import { ERROR_STATUSES } from '../schemas/status-table.ts'
import { PREFIX } from '../testing/oracle.ts'
import { ORIGIN, PUBLISHED_ARTEFACT, SEED, startMock } from '../testing/support.ts'
import { checkExchange, compareAnswers, type Exchange } from './check.ts'
import { exchangesOfHar, harEntry, NotAHar } from './har.ts'
import { driftCollector, junitOf, summaryLine, worstOf } from './report.ts'

/**
 * One call of each operation of the registry that succeeds, as a client would send it: its example
 * body, the data set's first artefact for a path parameter.
 */
const CALLS: Record<string, { method: string; path: string; body: string | undefined }> = Object.fromEntries(
  OPERATIONS.map((operation) => [
    operation.name,
    {
      method: operation.method,
      path: `${PREFIX}${operation.path.replace(/\{[^}]+\}/g, SEED.published)}`,
      body: operation.request ? JSON.stringify(operation.example?.()) : undefined,
    },
  ]),
)
const NAMES = OPERATIONS.map((operation) => operation.name)

async function exchangeOf(response: Response, method: string, path: string, requestBody?: string): Promise<Exchange> {
  return {
    method,
    url: `${ORIGIN}${path}`,
    requestBody,
    status: response.status,
    contentType: response.headers.get('Content-Type'),
    body: await response.text(),
  }
}

async function mockAnswer(name: (typeof NAMES)[number], headers: Record<string, string> = {}) {
  const mock = startMock()
  const { method, path, body } = CALLS[name] ?? {}
  if (!method || !path) throw new Error(`test bug: no call of ${name}`)
  const response = await mock.api(path, {
    method,
    headers: { ...(body && { 'Content-Type': 'application/json' }), ...headers },
    ...(body && { body }),
  })
  return exchangeOf(response, method, path, body)
}

const kinds = (findings: { kind: string; pointer: string }[]) => findings.map((f) => `${f.kind} ${f.pointer}`)
const withBody = (exchange: Exchange, edit: (body: Record<string, unknown>) => void): Exchange => {
  const body = JSON.parse(exchange.body)
  edit(body)
  return { ...exchange, body: JSON.stringify(body) }
}

describe('a clean upstream (the mock itself) gives no finding', () => {
  test.each(NAMES)('%s: its success and every error status of the spec', async (name) => {
    const answers = [await mockAnswer(name)]
    for (const status of ERROR_STATUSES) answers.push(await mockAnswer(name, { Prefer: `code=${status}` }))
    for (const answer of answers) expect(checkExchange(answer)).toEqual([])
  })
})

describe('each kind of finding, on each operation where it applies', () => {
  test.each(NAMES)('%s: seeded drift gives exactly its finding', async (name) => {
    const clean = await mockAnswer(name)
    const [first] = Object.keys(JSON.parse(clean.body)) as [string]
    expect(kinds(checkExchange({ ...clean, status: 418 }))).toEqual(['status '])
    expect(kinds(checkExchange({ ...clean, contentType: 'text/html' }))).toEqual(['content-type '])
    expect(kinds(checkExchange(withBody(clean, (b) => delete b[first])))).toEqual([`missing /${first}`])
    expect(kinds(checkExchange(withBody(clean, (b) => (b[first] = { not: 'this' }))))).toEqual([`type /${first}`])
    const extra = checkExchange(withBody(clean, (b) => (b.undocumented = 1)))
    expect(extra.map((f) => [f.kind, f.pointer, f.severity])).toEqual([['extra', '/undocumented', 'warn']])
    const renamed = withBody(clean, (b) => {
      b[`${first}Renamed`] = b[first]
      delete b[first]
    })
    expect(kinds(checkExchange(renamed)).sort()).toEqual([`extra /${first}Renamed`, `missing /${first}`])
    expect(
      kinds(checkExchange({ ...clean, status: 503, body: 'Service Unavailable', contentType: 'text/plain' })),
    ).toEqual(['content-type ', 'error-body '])
    expect(kinds(checkExchange({ ...clean, status: 404, body: '{"errorCode":"400","message":"Not Found"}' }))).toEqual([
      'error-body ',
    ])
    expect(kinds(checkExchange({ ...clean, body: '<html>' }))).toEqual(['type '])
  })

  test('a nested field keeps its path, array positions as *', async () => {
    const clean = await mockAnswer('getArtefact')
    const drifted = withBody(clean, (b) => {
      ;(b.variations as { channels: { id: unknown }[] }[])[1]!.channels[0]!.id = '2'
    })
    const [finding] = checkExchange(drifted)
    expect(finding).toMatchObject({ kind: 'type', pointer: '/variations/*/channels/*/id', actual: 'string "2"' })
    expect(finding?.example).toEqual({ method: 'GET', path: PUBLISHED_ARTEFACT, status: 200, value: '2' })
  })

  test('a request the spec refuses that the real service took is a request-side finding; a 4xx never is', async () => {
    const clean = await mockAnswer('createArtefact')
    const took = checkExchange({ ...clean, requestBody: '{"title":""}' })
    expect(took.map((f) => [f.kind, f.side, f.expected])).toEqual([
      ['status', 'request', '422 (the body does not fit the request schema)'],
    ])
    const refused = await mockAnswer('createArtefact', { Prefer: 'code=422' })
    expect(checkExchange({ ...refused, requestBody: '{"title":""}' })).toEqual([])
  })

  test('a path or method that is no operation is not judged', () => {
    const other = { method: 'GET', url: `${ORIGIN}/elsewhere`, status: 418, contentType: null, body: '' }
    expect(checkExchange(other)).toEqual([])
  })
})

describe('shadow: the real answer against the mock answer to the same request', () => {
  test('ids, dates and responseId differ in value and are no difference; a missing key or another type is', async () => {
    const mock = await mockAnswer('createArtefact')
    const real = withBody(mock, (b) => (b.responseId = '6f0c1d2e-0000-4000-8000-000000000000'))
    expect(compareAnswers(mock, real)).toEqual([])
    const other = withBody(mock, (b) => {
      delete b.errors
      b.hasErrors = 'false'
    })
    expect(kinds(compareAnswers(mock, other)).sort()).toEqual(['differs /errors', 'differs /hasErrors'])
  })

  test('another status is one difference', async () => {
    const mock = await mockAnswer('getArtefact')
    const [finding] = compareAnswers(mock, { ...mock, status: 404 })
    expect(finding).toMatchObject({
      kind: 'differs',
      pointer: '',
      expected: '200 (as the mock answers)',
      actual: '404',
    })
  })
})

describe('the report', () => {
  test('groups by operation, kind and pointer with a count and one example; JUnit and a summary line', async () => {
    const clean = await mockAnswer('getArtefact')
    const collector = driftCollector()
    const missing = checkExchange(withBody(clean, (b) => delete b.title))
    expect(collector.add(missing)).toBe(true)
    expect(collector.add(missing)).toBe(false)
    collector.add(checkExchange(withBody(clean, (b) => (b['extra\u0001'] = '<&>'))))
    const report = collector.report()
    expect(report.findings.map((f) => [f.operation, f.kind, f.pointer, f.count])).toEqual([
      ['getArtefact', 'missing', '/title', 2],
      ['getArtefact', 'extra', '/extra\u0001', 1],
    ])
    expect(worstOf(report)).toBe('error')
    expect(summaryLine(report)).toBe(
      '[artefact-mock] drift: 1 error, 1 warning (getArtefact missing /title x2; getArtefact extra /extra\u0001 x1)',
    )
    const junit = junitOf(report)
    expect(junit).toContain('<testsuite name="drift" tests="2" failures="1">')
    expect(junit).toContain('&lt;&amp;&gt;')
    expect(junit).not.toContain('<&>')
    expect(junit).toContain('name="extra /extra\ufffd"')
  })
})

describe('HAR files', () => {
  test('reads entries, base64 bodies included, and counts the unanswered', () => {
    const body = JSON.stringify({ errorCode: '404', message: 'Not Found' })
    const har = {
      log: {
        version: '1.2',
        entries: [
          {
            request: { method: 'GET', url: `${ORIGIN}${PUBLISHED_ARTEFACT}` },
            response: {
              status: 404,
              headers: [{ name: 'content-type', value: 'application/json' }],
              content: { mimeType: 'application/json', text: btoa(body), encoding: 'base64' },
            },
          },
          { request: { method: 'GET', url: `${ORIGIN}${PUBLISHED_ARTEFACT}` }, response: { status: 0 } },
        ],
      },
    }
    const { exchanges, unanswered } = exchangesOfHar(har)
    expect(unanswered).toBe(1)
    expect(exchanges).toEqual([
      {
        method: 'GET',
        url: `${ORIGIN}${PUBLISHED_ARTEFACT}`,
        requestBody: undefined,
        status: 404,
        contentType: 'application/json',
        body,
      },
    ])
    expect(checkExchange(exchanges[0]!)).toEqual([])
    expect(() => exchangesOfHar({ entries: [] })).toThrow(NotAHar)
  })

  test('an answer saved without its body (devtools keep only the bodies a page read) is judged on its status and type alone', () => {
    const entry = (status: number, contentType: string) => ({
      request: { method: 'GET', url: `${ORIGIN}${PUBLISHED_ARTEFACT}` },
      response: {
        status,
        headers: [{ name: 'Content-Type', value: contentType }],
        content: { size: -1, mimeType: contentType },
      },
    })
    const { exchanges } = exchangesOfHar({
      log: { entries: [entry(200, 'application/json'), entry(418, 'text/html')] },
    })
    expect(exchanges.map((exchange) => exchange.bodyKept)).toEqual([false, false])
    expect(checkExchange(exchanges[0]!)).toEqual([])
    expect(kinds(checkExchange(exchanges[1]!))).toEqual(['status '])
    expect(compareAnswers(exchanges[0]!, { ...exchanges[0]!, body: '{}', bodyKept: true })).toEqual([])
  })

  test('writes a body that is not UTF-8 as base64, whole', () => {
    const bytes = Uint8Array.from({ length: 0x10001 }, (_, at) => at % 256)
    const request = { method: 'GET', url: `${ORIGIN}${PUBLISHED_ARTEFACT}`, headers: [], body: null }
    const response = { status: 200, statusText: 'OK', headers: [], body: bytes }
    const { content } = harEntry({ startedAt: 0, waitMs: 1, totalMs: 2, request, response }).response
    expect([content.encoding, content.size]).toEqual(['base64', bytes.length])
    expect(Uint8Array.from(atob(content.text ?? ''), (char) => char.charCodeAt(0))).toEqual(bytes)
  })
})
