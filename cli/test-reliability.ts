/**
 * `node cli/test-reliability.ts [crash|load|silent|oversize|cap|trickle ...] [--slow]`: the HTTP
 * mode's figures in docs/reliability.md, measured against `serve` with its default limits (the
 * tests beside this file use small limits to finish in seconds). Prints one line per figure.
 * With no name it runs all but `trickle` (the default requestTimeout, 30 s), which `--slow`
 * adds. Loopback only; every server it starts is stopped.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rawConnection, serve } from './test-support.ts'

const PREFIX = '/v3/preview-upcoming/resources'
const running = new Set<ChildProcess>()
const dir = mkdtempSync(join(tmpdir(), 'apm-reliability-'))
const print = (line: string) => process.stdout.write(`${line}\n`)
const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${PREFIX}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
const fds = (pid: number) => readdirSync(`/proc/${pid}/fd`).length
const rssMiB = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024)
const stop = async (server: { child: ChildProcess; exit: Promise<unknown> }) => {
  server.child.kill('SIGKILL')
  await server.exit
}

async function crash(round: number) {
  const file = join(dir, `crash-${round}.db`)
  const first = await serve(running, '--data', file, '--max-connections', '1100', '--latency', '0-1000')
  const artefacts = new Map<string, string>()
  const categories = new Map<string, number>()
  let done = 0
  await Promise.all(
    Array.from({ length: 1000 }, async (_, i) => {
      try {
        if (i % 10 === 0) {
          const res = await post(first.url, 'artefactcategory', { name: `Crash category ${i}` })
          if (res.status === 201) categories.set(`Crash category ${i}`, (await res.json()).categoryId)
        } else {
          const res = await post(first.url, 'artefact', { title: `Crash ${i}` })
          const body = await res.json()
          if (res.status === 200) artefacts.set(body.responseId, `Crash ${i}`)
        }
        if (++done === 300) first.child.kill('SIGKILL')
      } catch {}
    }),
  )
  await first.exit
  const second = await serve(running, '--data', file)
  const kept = /\((\d+) artefacts and (\d+) categories/.exec(second.stdout())
  let missing = 0
  for (const [id, title] of artefacts) {
    const res = await fetch(`${second.url}${PREFIX}/artefact/${id}`)
    if (res.status !== 200 || (await res.json()).title !== title) missing += 1
  }
  for (const [name, id] of categories) {
    const res = await post(second.url, 'artefactcategory', { name })
    if (res.status !== 422 || !res.headers.get('X-Mock-Reason')?.includes(`taken by category ${id}`)) missing += 1
  }
  await stop(second)
  print(
    `crash round ${round}: 1000 creates sent, ${artefacts.size} artefacts and ${categories.size} categories answered before SIGKILL, ` +
      `${kept?.[1]} and ${kept?.[2]} in the file after restart, ${missing} answered but missing`,
  )
}

async function throughput(args: string[], label: string) {
  const server = await serve(running, '--max-connections', '1100', ...args)
  const started = performance.now()
  const statuses = await Promise.all(
    Array.from({ length: 1000 }, (_, i) =>
      post(server.url, 'artefact', { title: `Load ${i}` }).then((res) => res.status),
    ),
  )
  const ms = Math.round(performance.now() - started)
  print(`1000 concurrent creates, ${label}: ${statuses.filter((s) => s === 200).length} × 200 in ${ms} ms`)
  await stop(server)
}

async function silent() {
  const server = await serve(running)
  const pid = server.child.pid as number
  const before = fds(pid)
  const port = Number(new URL(server.url).port)
  const connections = Array.from({ length: 2000 }, () => rawConnection(port))
  let peak = 0
  const sampling = setInterval(() => (peak = Math.max(peak, fds(pid) - before)), 50)
  const closed = await Promise.all(connections.map((c) => c.closed))
  clearInterval(sampling)
  const res = await fetch(`${server.url}${PREFIX}/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`)
  const early = closed.filter((ms) => ms < 5000).length
  print(
    `2000 silent connections: at most ${peak} sockets open in the server (maxConnections 256 served, as many again answered 503); ${early} answered 503 and closed at once (over the cap), ` +
      `the rest after the headers timeout, the last at ${(Math.max(...closed) / 1000).toFixed(1)} s; then GET ${res.status}`,
  )
  await stop(server)
}

async function oversize() {
  const server = await serve(running)
  const port = Number(new URL(server.url).port)
  const started = performance.now()
  const connection = rawConnection(
    port,
    `POST ${PREFIX}/artefact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${1024 ** 3}\r\n\r\n`,
  )
  const answer = await connection.answer
  print(
    `Content-Length 1 GiB, no body sent: ${answer.status} in ${Math.round(performance.now() - started)} ms, socket closed after ${await connection.closed} ms`,
  )
  await stop(server)
}

async function storeCap() {
  const server = await serve(running, '--max-connections', '1100')
  const pid = server.child.pid as number
  const text = 'x'.repeat(900 * 1024)
  let accepted = 0
  let reason = ''
  for (let i = 0; i < 200; i++) {
    const res = await post(server.url, 'artefact', { title: `Big ${i}`, content: [{ mediaType: 'text/plain', text }] })
    if (res.status !== 200) {
      reason = `${res.status} ${res.headers.get('X-Mock-Reason')?.slice(0, 60)}…`
      break
    }
    accepted += 1
  }
  const state = await (await fetch(`${server.url}/__mock/state`)).json()
  print(
    `900 KB creates against the default 64 MiB: ${accepted} stored (${Math.round(state.store.storedBytes / 1024 / 1024)} MiB of JSON), then ${reason}; server RSS ${rssMiB(pid)} MiB`,
  )
  await stop(server)

  const many = await serve(running, '--max-connections', '1100')
  let created = 0
  let refused = 0
  for (let batch = 0; batch < 11; batch++) {
    const statuses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        post(many.url, 'artefact', { title: `Small ${batch}-${i}` }).then((res) => res.status),
      ),
    )
    created += statuses.filter((s) => s === 200).length
    refused += statuses.filter((s) => s === 403).length
  }
  print(
    `11,000 small creates against the default 10,000 records: ${created} stored, ${refused} × 403; server RSS ${rssMiB(many.child.pid as number)} MiB`,
  )
  await stop(many)
}

async function trickle() {
  const server = await serve(running)
  const connection = rawConnection(
    Number(new URL(server.url).port),
    `POST ${PREFIX}/artefact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
  )
  const timer = setInterval(() => connection.socket.write('x'), 5000)
  const elapsed = await connection.closed
  clearInterval(timer)
  print(
    `a body trickled a byte every 5 s: closed after ${(elapsed / 1000).toFixed(1)} s with ${connection.received().slice(0, 12)}`,
  )
  await stop(server)
}

const ALL = ['crash', 'load', 'silent', 'oversize', 'cap']
const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const run = (name: string) =>
  chosen.length === 0
    ? ALL.includes(name) || (name === 'trickle' && process.argv.includes('--slow'))
    : chosen.includes(name)
try {
  if (run('crash')) for (let round = 1; round <= 5; round++) await crash(round)
  if (run('load')) {
    await throughput([], 'memory')
    await throughput(['--data', join(dir, 'load.db')], '--data (WAL, synchronous=FULL)')
  }
  if (run('silent')) await silent()
  if (run('oversize')) await oversize()
  if (run('cap')) await storeCap()
  if (run('trickle')) await trickle()
} finally {
  for (const child of running) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
}
