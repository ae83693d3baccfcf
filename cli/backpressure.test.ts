// Clients that pipeline requests and never read the answers: the server holds a bounded amount of memory.
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createControl } from '../mocks/index.ts'
import { PUBLISHED_ARTEFACT, RESOURCES as PREFIX } from '../mocks/testing/support.ts'
import { type HttpLimits, type HttpServer, startHttpServer } from './http-server.ts'
import { rawConnection, serve } from './test-support.ts'

/** The bound docs/reliability.md states for `serve` with its defaults under 8 unread pipelining sockets. */
const RSS_BOUND_MIB = 256

const running = new Set<ChildProcess>()
const sockets: Socket[] = []
const servers: HttpServer[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
})

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n`
const createLarge = async (url: string, bytes: number) => {
  const res = await fetch(`${url}${PREFIX}/artefact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Large', primaryQuery: 'x'.repeat(bytes) }),
  })
  expect(res.status).toBe(200)
  return `${PREFIX}/artefact/${(await res.json()).responseId}`
}

/** A socket that writes `text` and never reads what comes back. */
function unread(port: number, text: string) {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  socket.pause()
  socket.write(text)
  sockets.push(socket)
  return socket
}

const rssMiB = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024
  } catch {
    return Number.NaN // the process is gone
  }
}

describe('serve with its defaults, against sockets that never read', { timeout: 60_000 }, () => {
  let server: Awaited<ReturnType<typeof serve>>
  let large: string
  beforeAll(async () => {
    server = await serve(running)
    // The default body limit is 1 MiB; the admin path (loopback, no token by default) raises it.
    const patched = await fetch(`${server.url}/__mock/settings`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ bodyLimitBytes: 3 * 1024 * 1024 }),
    })
    expect(patched.status).toBe(200)
    large = await createLarge(server.url, 2 * 1024 * 1024)
  })

  /** The peak RSS over 5 s, sampled every 100 ms; stops early past the bound (the old code went on to 4 GiB). */
  async function peakWhile(pid: number) {
    let peak = rssMiB(pid)
    const started = Date.now()
    while (Date.now() - started < 5000 && !(peak > RSS_BOUND_MIB)) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      peak = Math.max(peak, rssMiB(pid))
    }
    return peak
  }

  test('8 sockets pipelining 30 GETs of a 2 MiB artefact each: one answer held per socket, RSS under the bound, others served', async () => {
    const pid = server.child.pid as number
    const before = rssMiB(pid)
    for (let i = 0; i < 8; i++) unread(Number(new URL(server.url).port), get(large).repeat(30))
    const peak = await peakWhile(pid)
    expect(server.child.exitCode).toBeNull()
    expect(peak, `peak RSS ${Math.round(peak)} MiB, ${Math.round(before)} MiB before`).toBeLessThan(RSS_BOUND_MIB)
    expect((await fetch(`${server.url}${PUBLISHED_ARTEFACT}`)).status).toBe(200)
  })

  test('8 sockets pipelining 700 GETs of a 2 MiB artefact each: each is closed, RSS under the bound, others served', async () => {
    const pid = server.child.pid as number
    const before = rssMiB(pid)
    const opened = Array.from({ length: 8 }, () => unread(Number(new URL(server.url).port), get(large).repeat(700)))
    const peak = await peakWhile(pid)
    expect(server.child.exitCode).toBeNull()
    expect(peak, `peak RSS ${Math.round(peak)} MiB, ${Math.round(before)} MiB before`).toBeLessThan(RSS_BOUND_MIB)
    // Read at last: what the server sent before it closed each connection, then the end.
    await Promise.all(opened.map((socket) => new Promise((resolve) => socket.resume().once('close', resolve))))
    expect((await fetch(`${server.url}${PUBLISHED_ARTEFACT}`)).status).toBe(200)
  })
})

describe('pipelined requests', () => {
  async function start(limits: Partial<HttpLimits> = {}) {
    const server = await startHttpServer({ port: 0, control: createControl(), limits })
    servers.push(server)
    return { server, port: Number(new URL(server.url).port) }
  }

  test('are answered in order, one after another, to a client that reads', async () => {
    const { port } = await start()
    const ids = Array.from(
      { length: 10 },
      (_, i) => `0a1e0001-5c0f-4a11-9c00-0000000000${String(i + 1).padStart(2, '0')}`,
    )
    const connection = rawConnection(port, ids.map((id) => get(`${PREFIX}/artefact/${id}`)).join(''))
    await new Promise<void>((resolve) => {
      const look = () => {
        if ((connection.received().match(/HTTP\/1\.1 200 /g) ?? []).length === ids.length) resolve()
      }
      connection.socket.on('data', look)
    })
    const found = [...connection.received().matchAll(/"id":"(0a1e0001-[^"]+)"/g)].map((match) => match[1])
    expect(found.filter((id) => ids.includes(id as string))).toEqual(ids)
  })

  test('a connection with more than maxPipelined requests waiting is closed', async () => {
    const { server, port } = await start({ maxPipelined: 4 })
    const large = await createLarge(server.url, 900 * 1024)
    const within = unread(port, get(large).repeat(4))
    const over = unread(port, get(large).repeat(6))
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Read at last: the server ended the one over the cap, and still holds the other open.
    const ended = (socket: Socket) =>
      new Promise<boolean>((resolve) => {
        socket.once('end', () => resolve(true))
        setTimeout(() => resolve(false), 1000)
        socket.resume()
      })
    expect(await Promise.all([ended(within), ended(over)])).toEqual([false, true])
  })

  test('past maxHeldBytes of unread answers a request is 503 with the reason; once they are gone, 200', async () => {
    const { server, port } = await start({ maxHeldBytes: 512 * 1024 })
    const large = await createLarge(server.url, 900 * 1024)
    // More than the system's socket buffers take: an answer stays in the server.
    const socket = unread(port, get(large).repeat(30))
    let res = await fetch(`${server.url}${PUBLISHED_ARTEFACT}`)
    for (let tries = 0; res.status === 200 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      res = await fetch(`${server.url}${PUBLISHED_ARTEFACT}`)
    }
    expect(res.status).toBe(503)
    expect(res.headers.get('Retry-After')).toBe('1')
    expect(res.headers.get('X-Mock-Reason')).toMatch(
      /^server busy: \d+ MiB of answers wait for their clients to read them \(the limit is 0\.5 MiB\); retry shortly$/,
    )
    expect(await res.json()).toEqual({ errorCode: '503', message: 'Service Unavailable' })
    socket.destroy()
    await once(socket, 'close')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await fetch(`${server.url}${PUBLISHED_ARTEFACT}`)).status).toBe(200)
  })
})
