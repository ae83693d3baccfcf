import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createControl, type MockControl } from '../mocks/index.ts'
import { type HttpServer, startHttpServer } from './http-server.ts'
import { type RawAnswer, rawRequest } from './test-support.ts'
import { RESOURCES as PREFIX, SEED } from '../mocks/testing/support.ts'

const PUBLISHED = SEED.published

let server: HttpServer
let control: MockControl

beforeEach(async () => {
  control = createControl()
  server = await startHttpServer({ port: 0, control })
})
afterEach(() => server.close())

const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init)
const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
const corsOf = (res: Response) => [...res.headers.keys()].filter((name) => name.startsWith('access-control-'))

/** An artefact created before an attack, to see that nothing was wiped. */
async function created(): Promise<string> {
  const res = await json('POST', `${PREFIX}/artefact`, { title: 'Still here' })
  return (await res.json()).responseId
}

describe('requests from web pages are refused', () => {
  test('a foreign Origin gets 403 on every admin path, with no CORS headers, and nothing changes', async () => {
    const id = await created()
    const before = control.getSnapshot()
    const origin = { Origin: 'https://evil.test' }
    const attempts = [
      call('/__mock/reset', { method: 'POST', headers: origin }),
      json('PATCH', '/__mock/settings', { maintenance: true }, origin),
      json('POST', '/__mock/force', { status: 503 }, origin),
      call('/__mock/state', { headers: origin }),
      call('/__mock/state', { headers: { Origin: 'null' } }),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ errorCode: '403', message: 'Forbidden' })
      expect(res.headers.get('X-Mock-Reason')).toMatch(/web page \(Origin: (https:\/\/evil\.test|null)\)/)
      expect(corsOf(res)).toEqual([])
    }
    expect(control.getSnapshot()).toBe(before)
    expect((await call(`${PREFIX}/artefact/${id}`)).status).toBe(200)
  })

  test('Sec-Fetch-Site other than same-origin or none is refused', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await call('/__mock/reset', { method: 'POST', headers: { 'Sec-Fetch-Site': site } })
      expect([res.status, res.headers.get('X-Mock-Reason')]).toEqual([
        403,
        `a ${site} request from a browser may not use the admin paths`,
      ])
    }
    // Typed into the address bar, or a page the server itself served.
    for (const site of ['none', 'same-origin'])
      expect((await call('/__mock/state', { headers: { 'Sec-Fetch-Site': site } })).status).toBe(200)
  })

  test("the server's own origin is not foreign", async () => {
    expect((await call('/__mock/state', { headers: { Origin: server.url } })).status).toBe(200)
  })

  test('a preflight to the admin is refused, without CORS headers', async () => {
    const res = await call('/__mock/settings', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.test',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(res.status).toBe(403)
    expect(corsOf(res)).toEqual([])
  })
})

describe('form CSRF: admin writes take application/json only', () => {
  test('a text/plain form that spells JSON, an urlencoded and a multipart one are 415 and change nothing, even without Origin', async () => {
    const id = await created()
    const forms: Array<Promise<RawAnswer>> = []
    const port = Number(new URL(server.url).port)
    const post = (path: string, type: string, body: string) =>
      rawRequest(
        port,
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
    forms.push(
      // What <form method=POST enctype="text/plain"> sends for <input name='{"status":503,"x":"' value='"}'>.
      post('/__mock/force', 'text/plain', '{"status":503,"x":"="}'),
      post('/__mock/force', 'text/plain;charset=UTF-8', '{"status":503,"x":"="}'),
      post('/__mock/reset', 'application/x-www-form-urlencoded', 'a=b'),
      post('/__mock/reset', 'multipart/form-data; boundary=x', '--x--\r\n'),
    )
    for (const answer of await Promise.all(forms)) {
      expect(answer.status).toBe(415)
      expect(answer.headers['x-mock-reason']).toMatch(/^admin writes take Content-Type: application\/json, not /)
    }
    expect(control.getSnapshot().forcedNext).toBeNull()
    expect((await call(`${PREFIX}/artefact/${id}`)).status).toBe(200)
  })

  test('a settings or force write without Content-Type is 415; a bare reset, as curl -X POST sends it, works', async () => {
    expect(
      (await call('/__mock/settings', { method: 'PATCH', body: new Uint8Array(Buffer.from('{"maintenance":true}')) }))
        .status,
    ).toBe(415)
    const id = await created()
    const reset = await call('/__mock/reset', { method: 'POST' })
    expect(reset.status).toBe(200)
    expect((await call(`${PREFIX}/artefact/${id}`)).status).toBe(404)
  })
})

describe('settings have hard ceilings', () => {
  test('a body limit, latency or Retry-After past its ceiling is 400 and changes nothing', async () => {
    const before = control.settings
    const patches = [
      [{ bodyLimitBytes: 9007199254740991 }, 'bodyLimitBytes: must be at most 16777216'],
      [{ bodyLimitBytes: 16 * 1024 * 1024 + 1 }, 'bodyLimitBytes'],
      [{ bodyLimitBytes: 0 }, 'bodyLimitBytes'],
      [{ latency: { mode: 'fixed', ms: 60_001 } }, 'latency'],
      [{ latency: { mode: 'range', minMs: 0, maxMs: 1e9 } }, 'latency'],
      [{ retryAfterSeconds: 86_401 }, 'retryAfterSeconds'],
      [{ quota: 1.5 }, 'quota'],
    ] as const
    for (const [patch, field] of patches) {
      const res = await json('PATCH', '/__mock/settings', patch)
      expect(res.status, JSON.stringify(patch)).toBe(400)
      expect(res.headers.get('X-Mock-Reason')).toContain(field)
      expect(await res.json()).toEqual({ errorCode: '400', message: 'Bad Request' })
    }
    expect(control.settings).toBe(before)
    const top = await json('PATCH', '/__mock/settings', {
      bodyLimitBytes: 16 * 1024 * 1024,
      latency: { mode: 'fixed', ms: 60_000 },
      retryAfterSeconds: 86_400,
    })
    expect(top.status).toBe(200)
  })

  test('an admin body over 64 KiB is refused by its declared length, unread', async () => {
    const port = Number(new URL(server.url).port)
    const answer = await rawRequest(
      port,
      `PATCH /__mock/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{`,
    )
    expect([answer.status, answer.headers.connection]).toEqual([400, 'close'])
    expect(answer.headers['x-mock-reason']).toContain("over the admin paths' limit of 65536 bytes")
  })
})

describe('an admin token', () => {
  test('when set, the admin paths need it as a Bearer token; the mock does not', async () => {
    const token = 'a-token-of-enough-length'
    const guarded = await startHttpServer({ port: 0, adminToken: token })
    try {
      const at = (path: string, headers: Record<string, string> = {}) => fetch(`${guarded.url}${path}`, { headers })
      const missing = await at('/__mock/state')
      expect([missing.status, missing.headers.get('WWW-Authenticate')]).toEqual([
        401,
        'Bearer realm="artefact-preview-mock admin"',
      ])
      expect(await missing.json()).toEqual({ errorCode: '401', message: 'Unauthorized' })
      expect(
        (await at('/__mock/state', { Authorization: 'Bearer wrong-token-of-enough-len' })).headers.get('X-Mock-Reason'),
      ).toContain('this token is wrong')
      expect((await at('/__mock/nothing')).status).toBe(401)
      expect((await at('/__mock/state', { Authorization: `Bearer ${token}` })).status).toBe(200)
      expect((await at(`${PREFIX}/artefact/${PUBLISHED}`)).status).toBe(200)
    } finally {
      await guarded.close()
    }
  })
})

test('state shows what the store holds against its caps', async () => {
  const state = await (await call('/__mock/state')).json()
  expect(state.store).toEqual({
    records: 20,
    storedBytes: expect.any(Number),
    maxRecords: 10_000,
    maxStoredBytes: 64 * 1024 * 1024,
  })
})
