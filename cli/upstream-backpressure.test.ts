// serve --mode proxy against clients that pipeline GETs of a large real answer and never read:
// the answer streams from the real service only as fast as the client reads, so the server holds
// socket buffers, not answers (issue 36's discipline, issue 39's streamed bodies).
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { afterAll, expect, test } from 'vitest'
import { PUBLISHED_ARTEFACT, RESOURCES } from '../mocks/testing/support.ts'
import { type FakeUpstream, startFakeUpstream } from './test-fake-upstream.ts'
import { serve } from './test-support.ts'

/** The bound docs/reliability.md states for `serve` under 8 unread pipelining sockets (cli/backpressure.test.ts). */
const RSS_BOUND_MIB = 256

const running = new Set<ChildProcess>()
const sockets: Socket[] = []
let upstream: FakeUpstream | undefined
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  for (const child of running) child.kill('SIGKILL')
  await upstream?.close()
})

const rssMiB = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024
  } catch {
    return Number.NaN // the process is gone
  }
}

test('8 sockets pipelining 30 GETs of a 2 MiB real answer each, never reading: RSS under the bound, others served', {
  timeout: 60_000,
}, async () => {
  upstream = await startFakeUpstream({ bodyLimitBytes: 3 * 1024 * 1024 })
  const created = await fetch(`${upstream.url}${RESOURCES}/artefact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Large', primaryQuery: 'x'.repeat(2 * 1024 * 1024) }),
  })
  expect(created.status).toBe(200)
  const large = `${RESOURCES}/artefact/${(await created.json()).responseId}`
  const server = await serve(running, '--upstream', upstream.url, '--mode', 'proxy')
  const pid = server.child.pid as number
  const before = rssMiB(pid)
  const request = `GET ${large} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n`
  for (let i = 0; i < 8; i++) {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
    socket.on('error', () => {})
    socket.pause()
    socket.write(request.repeat(30))
    sockets.push(socket)
  }
  // The peak over 5 s, sampled every 100 ms; stops early past the bound.
  let peak = before
  const started = Date.now()
  while (Date.now() - started < 5000 && !(peak > RSS_BOUND_MIB)) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    peak = Math.max(peak, rssMiB(pid))
  }
  expect(server.child.exitCode).toBeNull()
  expect(peak, `peak RSS ${Math.round(peak)} MiB, ${Math.round(before)} MiB before`).toBeLessThan(RSS_BOUND_MIB)
  // The real service is asked only as the sockets take answers (the system's socket buffers hold a
  // few MiB): a GET waits until the answer before it has gone, so far fewer than the 240 sent.
  expect(upstream.received.filter((r) => r.path === large).length).toBeLessThan(8 * 5)
  const other = await fetch(`${server.url}${PUBLISHED_ARTEFACT}`)
  expect(other.status).toBe(200)
  await other.arrayBuffer()
})
