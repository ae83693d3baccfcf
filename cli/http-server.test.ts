import { describe, expect, test, vi } from 'vitest'
import { createControl, createStore, type Store } from '../mocks/internal.ts'
import { startHttpServer } from './http-server.ts'
import { RESOURCES as PREFIX, SEED } from '../mocks/testing/support.ts'
import { errorOf, httpServerPerTest, rawRequest } from './test-support.ts'

// Captured before any import runs: the server must not patch fetch or http (no msw interception).
const before = await vi.hoisted(async () => {
  const http = await import('node:http')
  return { fetch: globalThis.fetch, request: http.request }
})

const PUBLISHED = SEED.published
const ERROR_HEADERS = 'X-Mock-Reason, Retry-After, Allow, X-Artefact-Status, X-Mock-Scenario'

const { current, call, send } = httpServerPerTest()

describe('the three operations over HTTP', () => {
  test('reads an artefact of the data set, with links on the server origin', async () => {
    const res = await call(`${PREFIX}/artefact/${PUBLISHED}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/json')
    expect(res.headers.get('X-Artefact-Status')).toBe('published')
    const artefact = await res.json()
    expect(artefact.title).toBe('Reset your password')
    expect(artefact.links).toEqual([
      { href: `${current.server.url}${PREFIX}/artefact/${PUBLISHED}`, rel: 'self', type: 'GET' },
    ])
  })

  test('creates a draft artefact and reads it back', async () => {
    const created = await send('POST', `${PREFIX}/artefact?isDraft=true`, {
      title: '  Pin a note  ',
      category: { id: 3 },
    })
    expect(created.status).toBe(200)
    const { responseId, hasErrors } = await created.json()
    expect(hasErrors).toBe(false)
    const read = await call(`${PREFIX}/artefact/${responseId}`)
    expect(read.headers.get('X-Artefact-Status')).toBe('draft')
    expect(await read.json()).toMatchObject({
      id: responseId,
      title: 'Pin a note',
      category: { id: 3, name: 'Notes & editing' },
    })
  })

  test('sends text beyond ASCII whole, its Content-Length counting UTF-8 bytes', async () => {
    const title = 'Notizen größer 📌 便签'
    const created = await send('POST', `${PREFIX}/artefact`, { title })
    const read = await call(`${PREFIX}/artefact/${(await created.json()).responseId}`)
    const text = await read.text()
    expect(Number(read.headers.get('Content-Length'))).toBe(Buffer.byteLength(text))
    expect(JSON.parse(text).title).toBe(title)
  })

  test('creates a category after the data set', async () => {
    const res = await send('POST', `${PREFIX}/artefactcategory`, { name: 'Mobile apps' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ categoryId: 7, categoryName: 'Mobile apps' })
  })

  test('reads a large body whole and refuses one over the limit', async () => {
    const title = 'x'.repeat(400)
    const big = await send('POST', `${PREFIX}/artefact`, {
      title,
      content: [{ mediaType: 'text/plain', text: 'y'.repeat(200_000) }],
    })
    expect(big.status).toBe(200)
    current.control.set({ bodyLimitBytes: 100 })
    const over = await errorOf(await send('POST', `${PREFIX}/artefact`, { title }))
    expect(over).toMatchObject({ status: 400, reason: expect.stringContaining('over the limit of 100 bytes') })
  })

  test('CONNECT is answered as any other method (the mock is no proxy), then the connection ends', async () => {
    const port = Number(new URL(current.server.url).port)
    const connect = (target: string) => rawRequest(port, `CONNECT ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    const known = await connect(`${PREFIX}/artefact`)
    expect([known.status, known.headers.allow, known.headers.connection]).toEqual([405, 'POST, OPTIONS', 'close'])
    expect(JSON.parse(known.body)).toEqual({ errorCode: '405', message: 'Method Not Allowed' })
    const tunnel = await connect('example.com:443')
    expect([tunnel.status, tunnel.headers['x-mock-reason']]).toEqual([
      400,
      'the request target must be a path or an http:// URL',
    ])
    expect((await connect('/nowhere')).status).toBe(404)
  })

  test('a GET announcing a body over the limit is 400 before a byte of it is read; a small one is ignored', async () => {
    const port = Number(new URL(current.server.url).port)
    const get = (length: number) =>
      rawRequest(
        port,
        `GET ${PREFIX}/artefact/${PUBLISHED} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${length}\r\n\r\n`,
      )
    const huge = await get(1_073_741_824)
    expect(huge.status).toBe(400)
    expect(huge.headers['x-mock-reason']).toBe('body: 1073741824 bytes is over the limit of 1048576 bytes')
    expect(huge.headers.connection).toBe('close')
    current.control.set({ maintenance: true })
    expect((await get(1_073_741_824)).status).toBe(503)
    current.control.set({ maintenance: false })
    const small = await rawRequest(
      port,
      `GET ${PREFIX}/artefact/${PUBLISHED} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    )
    expect(small.status).toBe(200)
  })
})

describe('the contract over HTTP', () => {
  test('answers 406 when Accept asks for text/html', async () => {
    const res = await errorOf(await call(`${PREFIX}/artefact/${PUBLISHED}`, { headers: { Accept: 'text/html' } }))
    expect(res).toMatchObject({
      status: 406,
      body: { errorCode: '406', message: 'Not Acceptable' },
      reason: expect.stringContaining('text/html'),
    })
  })

  test('answers 415 for a text/plain body', async () => {
    const res = await errorOf(
      await send('POST', `${PREFIX}/artefactcategory`, { name: 'x' }, { 'Content-Type': 'text/plain' }),
    )
    expect(res).toMatchObject({ status: 415, body: { errorCode: '415', message: 'Unsupported Media Type' } })
    expect(res.reason).toBeTruthy()
  })

  test('answers 400 for a body that is not JSON, and for an empty one', async () => {
    expect(await errorOf(await send('POST', `${PREFIX}/artefact`, '{"title":'))).toMatchObject({
      status: 400,
      reason: expect.stringContaining('not valid JSON'),
    })
    expect(await errorOf(await call(`${PREFIX}/artefact`, { method: 'POST' }))).toMatchObject({
      status: 400,
      reason: expect.stringContaining('missing or empty'),
    })
  })

  test('answers 404 for an unknown path under the prefix, and a plain 404 outside it', async () => {
    expect(await errorOf(await call(`${PREFIX}/artefacts`))).toMatchObject({
      status: 404,
      body: { errorCode: '404', message: 'Not Found' },
      reason: expect.stringContaining('no resource'),
    })
    expect(await errorOf(await call('/favicon.ico'))).toEqual({
      status: 404,
      body: { errorCode: '404', message: 'Not Found' },
      reason: "outside the mock's paths",
    })
  })

  test('answers 405 with Allow, and OPTIONS 204 with Allow', async () => {
    const res = await call(`${PREFIX}/artefact/${PUBLISHED}`, { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe('GET, OPTIONS')
    expect(res.headers.get('X-Mock-Reason')).toContain('DELETE is not allowed')
    const options = await call(`${PREFIX}/artefact`, { method: 'OPTIONS' })
    expect([options.status, options.headers.get('Allow')]).toEqual([204, 'POST, OPTIONS'])
  })

  test('forces a status with Prefer: code=', async () => {
    const res = await call(`${PREFIX}/artefact/${PUBLISHED}`, { headers: { Prefer: 'code=429' } })
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/)
  })
})

describe('CORS', () => {
  test("every answer of the mock's paths allows any origin and exposes the mock headers; the admin's carry no CORS", async () => {
    for (const res of [
      await call(`${PREFIX}/artefact/${PUBLISHED}`),
      await call(`${PREFIX}/nowhere`),
      await call('/favicon.ico'),
    ]) {
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
      expect(res.headers.get('Access-Control-Expose-Headers')).toBe(ERROR_HEADERS)
    }
    const admin = await call('/__mock/state')
    expect(admin.status).toBe(200)
    expect([...admin.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
  })

  test('answers a preflight 204 with the asked method and headers, even in maintenance and without counting it', async () => {
    current.control.set({ maintenance: true, quota: 0 })
    const res = await call(`${PREFIX}/artefact`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, prefer',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(res.headers.get('Access-Control-Allow-Methods')).toBe('POST')
    expect(res.headers.get('Access-Control-Allow-Headers')).toBe('content-type, prefer')
    expect(current.control.getSnapshot().quotaUsed).toBe(0)
  })
})

describe('the server', () => {
  test('serves under a base URL path, with links that name it', async () => {
    const api = await startHttpServer({ port: 0, baseUrl: '/api' })
    try {
      const res = await fetch(`${api.url}/api${PREFIX}/artefact/${PUBLISHED}`)
      expect((await res.json()).links[0].href).toBe(`${api.url}/api${PREFIX}/artefact/${PUBLISHED}`)
      expect((await fetch(`${api.url}${PREFIX}/artefact/${PUBLISHED}`)).status).toBe(404)
    } finally {
      await api.close()
    }
  })

  test('starts no msw interception', () => {
    expect(globalThis.fetch).toBe(before.fetch)
    return import('node:http').then((http) => expect(http.request).toBe(before.request))
  })

  test('close lets an answer in flight finish, then refuses connections', async () => {
    // A store that says when a request reaches the mock (every request awaits `store.serving`).
    const store = createStore()
    let arrived = () => {}
    const arrival = new Promise<void>((resolve) => (arrived = resolve))
    const watched: Store = Object.create(store, { serving: { get: () => (arrived(), store.serving) } })
    const slow = await startHttpServer({
      port: 0,
      control: createControl({ store: watched, latency: { mode: 'fixed', ms: 200 } }),
    })
    const inFlight = fetch(`${slow.url}${PREFIX}/artefact/${PUBLISHED}`)
    await arrival
    await slow.close()
    expect((await inFlight).status).toBe(200)
    await expect(fetch(`${slow.url}${PREFIX}/artefact/${PUBLISHED}`)).rejects.toThrow()
  })

  test('a handler that throws is answered 500 with the Error body and the reason, and logged on stderr', async () => {
    const store = createStore()
    const boom = () => Promise.reject(new Error('boom in the store'))
    const failing: Store = Object.assign(Object.create(store), { findArtefact: boom, addArtefact: boom })
    const written: string[] = []
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    const broken = await startHttpServer({ port: 0, control: createControl({ store: failing }) })
    try {
      const reads = await fetch(`${broken.url}${PREFIX}/artefact/${SEED.unknown}`)
      const creates = await fetch(`${broken.url}${PREFIX}/artefact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Thrown' }),
      })
      for (const res of [reads, creates]) {
        expect(await errorOf(res)).toEqual({
          status: 500,
          body: { errorCode: '500', message: 'Internal Server Error' },
          reason: 'the mock failed: boom in the store',
        })
        expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
        // Named like every answer of the mock: the scenario it would have been answered in.
        expect(res.headers.get('X-Mock-Scenario')).toBe('default')
      }
      expect(
        written.filter((line) => line.startsWith('[artefact-mock] a handler failed: Error: boom in the store')),
      ).toHaveLength(2)
    } finally {
      stderr.mockRestore()
      await broken.close()
    }
  })

  test('reports a port in use as EADDRINUSE', async () => {
    const port = Number(new URL(current.server.url).port)
    await expect(startHttpServer({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})
