import { describe, expect, test } from 'vitest'
import type { Exchange } from '../../app/explorer-bus.ts'
import { fromHar, harContents, toHar } from './har.ts'
import { Har } from './har-schema.ts'

const ORIGIN = 'http://localhost:5173'
const ARTEFACT = `${ORIGIN}/v3/preview-upcoming/resources/artefact`

const exchange = (over: Partial<Exchange> = {}): Exchange => ({
  id: 'r1',
  at: Date.parse('2026-03-01T10:00:00.000Z'),
  operation: 'createArtefact',
  request: {
    method: 'POST',
    url: `${ARTEFACT}?isDraft=true`,
    headers: [['content-type', 'application/json']],
    body: '{"title":"Café"}',
  },
  response: {
    status: 200,
    statusText: 'OK',
    headers: [['content-type', 'application/json']],
    body: '{"responseId":"x","hasErrors":false,"errors":[]}',
  },
  failure: null,
  durationMs: 12,
  source: 'explorer',
  ...over,
})

const forced = exchange({
  id: 'r2',
  at: Date.parse('2026-03-01T10:00:01.000Z'),
  operation: 'getArtefact',
  request: {
    method: 'GET',
    url: `${ARTEFACT}/0a1e0001-5c0f-4a11-9c00-000000000001`,
    headers: [['prefer', 'code=503']],
    body: null,
  },
  response: {
    status: 503,
    statusText: '',
    headers: [
      ['retry-after', '30'],
      ['x-mock-reason', 'forced by Prefer: code=503'],
    ],
    body: '{"errorCode":"503","message":"Service Unavailable"}',
  },
  source: 'page',
  marks: [
    { kind: 'forced', detail: 'forced by Prefer: code=503' },
    { kind: 'delayed', detail: 'latency 800 ms (mock control); answered in 805 ms' },
  ],
})

const failed = exchange({
  id: 'r3',
  at: Date.parse('2026-03-01T10:00:02.000Z'),
  response: null,
  failure: 'the handler threw TypeError: boom',
})

describe('toHar', () => {
  test('writes a document the HAR 1.2 schema accepts, oldest entry first', () => {
    const har = toHar([failed, forced, exchange()])
    expect(Har.safeParse(JSON.parse(JSON.stringify(har))).success).toBe(true)
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries.map((entry) => entry.startedDateTime)).toEqual([
      '2026-03-01T10:00:00.000Z',
      '2026-03-01T10:00:01.000Z',
      '2026-03-01T10:00:02.000Z',
    ])
  })

  test('says in the log comment what it holds, naming the requests the cap dropped', () => {
    expect(harContents(3, 3)).toBe('All 3 requests the network log holds.')
    const comment = harContents(1000, 5321)
    expect(comment).toBe(
      'The newest 1,000 requests of 5,321 logged; the log keeps at most 1,000, so the 4,321 oldest were dropped.',
    )
    const har = toHar([exchange()], comment)
    expect(har.log.comment).toBe(comment)
    expect(Har.safeParse(JSON.parse(JSON.stringify(har))).success).toBe(true)
  })

  test('gives sizes in UTF-8 bytes, the query string, the post data and the timings', () => {
    const [entry] = toHar([exchange()]).log.entries
    expect(entry!.request).toMatchObject({
      bodySize: 17,
      queryString: [{ name: 'isDraft', value: 'true' }],
      postData: { mimeType: 'application/json', text: '{"title":"Café"}' },
    })
    expect(entry!.response.content).toMatchObject({ mimeType: 'application/json', size: 48 })
    expect(entry!.timings).toMatchObject({ send: 0, wait: 12, receive: 0 })
    expect(entry!.time).toBe(12)
  })

  test('names the status text of an error status, and the marks in the comment', () => {
    const [entry] = toHar([forced]).log.entries
    expect(entry!.response.statusText).toBe('Service Unavailable')
    expect(entry!.comment).toBe(
      'forced: forced by Prefer: code=503; delayed: latency 800 ms (mock control); answered in 805 ms',
    )
  })

  test('writes a failure as status 0 with _error, as Chromium does', () => {
    const [entry] = toHar([failed]).log.entries
    expect(entry!.response).toMatchObject({
      status: 0,
      _error: 'the handler threw TypeError: boom',
      content: { size: 0, mimeType: 'x-unknown' },
    })
  })

  test('leaves out credentials and cookies, whichever way they went (contract §13)', () => {
    const secret = exchange({
      request: {
        ...exchange().request,
        headers: [
          ['content-type', 'application/json'],
          ['Authorization', 'Bearer s3cret'],
          ['cookie', 'session=s3cret'],
          ['Proxy-Authorization', 'Basic s3cret'],
        ],
      },
      response: {
        ...exchange().response!,
        headers: [
          ['content-type', 'application/json'],
          ['Set-Cookie', 'id=s3cret'],
        ],
      },
    })
    const [entry] = toHar([secret]).log.entries
    expect(JSON.stringify(entry)).not.toContain('s3cret')
    expect(entry!.request.headers).toEqual([{ name: 'content-type', value: 'application/json' }])
    expect(entry!.response.headers).toEqual([{ name: 'content-type', value: 'application/json' }])
  })
})

describe('fromHar', () => {
  test('reads its own export back, marks and failures included, as imported', () => {
    const result = fromHar(JSON.stringify(toHar([exchange(), forced, failed])))
    if (!result.ok) throw new Error(result.reason)
    expect(result.exchanges.map(({ id: _, source, ...rest }) => ({ source, ...rest }))).toEqual(
      [exchange(), { ...forced, response: { ...forced.response!, statusText: 'Service Unavailable' } }, failed].map(
        ({ id: _, ...rest }) => ({ ...rest, source: 'imported' }),
      ),
    )
  })

  test('reads a HAR of another tool: base64 content, pages, custom fields, an unknown path', () => {
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'WebInspector', version: '537.36' },
        pages: [{ startedDateTime: '2026-03-01T09:59:59.000+01:00', id: 'page_1', title: 'x', pageTimings: {} }],
        entries: [
          {
            _initiator: { type: 'script' },
            pageref: 'page_1',
            startedDateTime: '2026-03-01T10:00:00.123+01:00',
            time: 3.5,
            request: {
              method: 'GET',
              url: `${ORIGIN}/assets/app.js`,
              httpVersion: 'http/2.0',
              cookies: [],
              headers: [],
              queryString: [],
              headersSize: -1,
              bodySize: 0,
            },
            response: {
              status: 200,
              statusText: '',
              httpVersion: 'http/2.0',
              cookies: [],
              headers: [{ name: 'content-type', value: 'text/plain' }],
              content: { size: 5, mimeType: 'text/plain', text: btoa('hello'), encoding: 'base64' },
              redirectURL: '',
              headersSize: -1,
              bodySize: -1,
              _transferSize: 0,
            },
            cache: {},
            timings: {
              blocked: 1,
              dns: -1,
              ssl: -1,
              connect: -1,
              send: 0.1,
              wait: 3,
              receive: 0.4,
              _blocked_queueing: 1,
            },
          },
        ],
      },
    }
    const result = fromHar(JSON.stringify(har))
    if (!result.ok) throw new Error(result.reason)
    expect(result.exchanges).toEqual([
      expect.objectContaining({
        operation: null,
        at: Date.parse('2026-03-01T09:00:00.123Z'),
        response: expect.objectContaining({ body: 'hello' }),
        source: 'imported',
      }),
    ])
  })

  test('says why a file is refused: not JSON, or the first field that breaks HAR 1.2', () => {
    expect(fromHar('<html>')).toEqual({ ok: false, reason: 'The file is not JSON, so it is no HAR file.' })
    const broken = toHar([exchange()])
    const entry = broken.log.entries[0] as Record<string, unknown>
    delete entry.timings
    const result = fromHar(JSON.stringify(broken))
    expect(result.ok).toBe(false)
    expect(!result.ok && result.reason).toMatch(/^Not a HAR 1\.2 file: log\.entries\.0\.timings: /)
    expect(
      fromHar(
        '{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[{"startedDateTime":"yesterday"}]}}',
      ).ok,
    ).toBe(false)
  })

  test('keeps a header named __proto__ as a header', () => {
    const har = toHar([exchange({ request: { ...exchange().request, headers: [['__proto__', 'x']] } })])
    const result = fromHar(JSON.stringify(har))
    expect(result.ok && result.exchanges[0]!.request.headers).toEqual([['__proto__', 'x']])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})
