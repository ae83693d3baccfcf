// Connections and bodies that never end, or end too late, or are too large: each is cut in bounded time.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createControl } from '../mocks/index.ts'
import { type HttpLimits, type HttpServer, startHttpServer } from './http-server.ts'
import { rawConnection, rawRequest } from './test-support.ts'
import { PUBLISHED_ARTEFACT as ARTEFACT } from '../mocks/testing/support.ts'

const CREATE = '/v3/preview-upcoming/resources/artefactcategory'
const servers: HttpServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function start(limits: Partial<HttpLimits>, extra: Parameters<typeof startHttpServer>[0] = {}) {
  const server = await startHttpServer({ port: 0, control: createControl(), limits, ...extra })
  servers.push(server)
  return { server, port: Number(new URL(server.url).port) }
}

const head = (length: number | 'chunked', extra = '') =>
  `POST ${CREATE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`}\r\n${extra}\r\n`

describe('slow and idle connections', () => {
  test('silent connections are closed after headersTimeoutMs', async () => {
    const { port } = await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 })
    const closed = await Promise.all(Array.from({ length: 50 }, () => rawConnection(port).closed))
    expect(Math.min(...closed)).toBeGreaterThanOrEqual(250)
    expect(Math.max(...closed)).toBeLessThan(2000)
  })

  test('a body trickled a byte at a time is cut at requestTimeoutMs with 408', async () => {
    const { port } = await start({ headersTimeoutMs: 300, requestTimeoutMs: 800 })
    const connection = rawConnection(port, head(100))
    const trickle = setInterval(() => connection.socket.write('x'), 100)
    try {
      const elapsed = await connection.closed
      expect(elapsed).toBeGreaterThanOrEqual(700)
      expect(elapsed).toBeLessThan(2500)
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /)
      expect(connection.received()).toMatch(
        /\r\nX-Mock-Reason: request: not complete within the request time limit\r\n/,
      )
      // Readable by a page on another origin that sent the slow upload.
      expect(connection.received()).toMatch(/\r\nAccess-Control-Allow-Origin: \*\r\n/)
      expect(connection.received()).toMatch(/\r\nAccess-Control-Expose-Headers: X-Mock-Reason, /)
    } finally {
      clearInterval(trickle)
    }
  })

  test('a body that stops arriving is answered 408 at idleTimeoutMs, and no failure is reported', async () => {
    const onError = vi.fn()
    const { server, port } = await start(
      { headersTimeoutMs: 5000, requestTimeoutMs: 5000, idleTimeoutMs: 300 },
      { onError },
    )
    const connection = rawConnection(port, `${head(100)}{"name":`)
    const elapsed = await connection.closed
    expect(elapsed).toBeGreaterThanOrEqual(250)
    expect(elapsed).toBeLessThan(2000)
    const answer = await connection.answer
    expect([
      answer.status,
      answer.headers['x-mock-reason'],
      answer.headers.connection,
      answer.headers['x-mock-scenario'],
    ]).toEqual([408, 'request: no byte of the body arrived for 0.3 s', 'close', 'default'])
    expect(answer.headers['access-control-allow-origin']).toBe('*')
    expect(JSON.parse(answer.body)).toEqual({ errorCode: '408', message: 'Request Timeout' })
    // Nothing was stored: the data set's six categories, no more.
    expect(server.control.store.getSnapshot().categories).toHaveLength(6)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(onError).not.toHaveBeenCalled()
  })

  test('an idle kept-alive connection is closed after keepAliveTimeoutMs', async () => {
    const { port } = await start({ keepAliveTimeoutMs: 300 })
    const connection = rawConnection(port, `GET ${ARTEFACT} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    expect((await connection.answer).status).toBe(200)
    // Node adds its keepAliveTimeoutBuffer (1 s) to the timeout.
    const elapsed = await connection.closed
    expect(elapsed).toBeGreaterThanOrEqual(250)
    expect(elapsed).toBeLessThan(3000)
  })

  test("the mock's own latency is not idleness", async () => {
    const { server, port } = await start({ idleTimeoutMs: 200 })
    server.control.set({ latency: { mode: 'fixed', ms: 600 } })
    const answer = await rawRequest(port, `GET ${ARTEFACT} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
    expect(answer.status).toBe(200)
  })

  test('a connection past maxConnections is answered 503 with the reason and closed, and the server answers again when others end', async () => {
    const { server, port } = await start({ maxConnections: 5, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 })
    const held = Array.from({ length: 5 }, () => rawConnection(port))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const extra = rawConnection(port, `GET ${ARTEFACT} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    const refused = await extra.answer
    expect([refused.status, refused.headers['retry-after'], refused.headers.connection]).toEqual([503, '1', 'close'])
    expect(refused.headers['x-mock-reason']).toBe(
      "connections: 5 are open, the server's limit (--max-connections); retry when one ends",
    )
    expect(refused.headers['access-control-allow-origin']).toBe('*')
    expect(JSON.parse(refused.body)).toMatchObject({ errorCode: '503' })
    expect(await extra.closed).toBeLessThan(1500)
    for (const connection of held) connection.socket.destroy()
    await Promise.all(held.map((connection) => connection.closed))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await fetch(`${server.url}${ARTEFACT}`)).status).toBe(200)
  })
})

describe('bodies over the limit', () => {
  test('a declared Content-Length over the limit is answered 400 before a byte of the body is sent, and the connection ends', async () => {
    const { port } = await start({})
    const connection = rawConnection(port, head(100 * 1024 * 1024))
    const answer = await connection.answer
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toEqual({ errorCode: '400', message: 'Bad Request' })
    expect(answer.headers['x-mock-reason']).toBe('body: 104857600 bytes is over the limit of 1048576 bytes')
    expect(answer.headers.connection).toBe('close')
    expect(await connection.closed).toBeLessThan(3000)
  })

  test('Expect: 100-continue with too large a length gets the 400 and never 100 Continue; a fitting one gets 100', async () => {
    const { port } = await start({})
    const refused = rawConnection(port, head(5 * 1024 * 1024, 'Expect: 100-continue\r\n'))
    expect((await refused.answer).status).toBe(400)
    expect(refused.received()).not.toContain('100 Continue')

    const body = '{"name":"Mobile apps"}'
    const accepted = rawConnection(port, head(body.length, 'Expect: 100-continue\r\nConnection: close\r\n'))
    await vi.waitFor(() => expect(accepted.received()).toContain('HTTP/1.1 100 Continue'))
    accepted.socket.write(body)
    await accepted.closed
    expect(accepted.received()).toMatch(/HTTP\/1\.1 201 Created/)
  })

  test('a chunked body stops being read past the limit and is answered 400 while the client is still sending', async () => {
    const { server, port } = await start({})
    server.control.set({ bodyLimitBytes: 1000 })
    const connection = rawConnection(port, head('chunked'))
    const chunk = `${(4096).toString(16)}\r\n${'x'.repeat(4096)}\r\n`
    const sending = setInterval(() => connection.socket.write(chunk), 20)
    try {
      const answer = await connection.answer
      expect(answer.status).toBe(400)
      expect(answer.headers['x-mock-reason']).toBe('body: 1001 bytes is over the limit of 1000 bytes')
      expect(await connection.closed).toBeLessThan(3000)
    } finally {
      clearInterval(sending)
    }
  })

  test("a chunked body that breaks HTTP/1.1 gets 400 with the parser's reason, and the connection ends", async () => {
    const { port } = await start({})
    // A chunk of 4 bytes that carries 6: no CRLF where the chunk should end.
    const connection = rawConnection(port, `${head('chunked')}4\r\n{"a":1}\r\n0\r\n\r\n`)
    const answer = await connection.answer
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toEqual({ errorCode: '400', message: 'Bad Request' })
    expect(answer.headers['x-mock-reason']).toMatch(/^request: not valid HTTP\/1\.1 \(HPE_[A-Z_]+: [\x20-\x7e]+\)$/)
    expect(await connection.closed).toBeLessThan(3000)
  })

  test('a limit set above the ceiling from code is still capped at 16 MiB by the server', async () => {
    const { server, port } = await start({})
    server.control.set({ bodyLimitBytes: 1024 * 1024 * 1024 })
    const answer = await rawRequest(port, head(64 * 1024 * 1024))
    expect([answer.status, answer.headers['x-mock-reason'], answer.headers['x-mock-scenario']]).toEqual([
      400,
      "body: over the HTTP mode's ceiling of 16777216 bytes",
      'default',
    ])
  })
})

test('a client that disconnects mid-body is not reported as a handler failure', async () => {
  const onError = vi.fn()
  const { server, port } = await start({}, { onError })
  for (let i = 0; i < 20; i++) {
    const connection = rawConnection(port, `${head(1000)}{"name":"half`)
    await new Promise((resolve) => setTimeout(resolve, 10))
    connection.socket.destroy()
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(onError).not.toHaveBeenCalled()
  expect((await fetch(`${server.url}${ARTEFACT}`)).status).toBe(200)
})
