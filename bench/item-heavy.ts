/**
 * Benchmark 7 (issue 36): does a create's shape cost a bystander? Two clients loop 1 MiB creates
 * against the HTTP mode while a third times GETs of the seed artefact. The creates are either
 * item-heavy (about 20,000 one-line text items) or plain (one item of the same size); the GET's
 * median with item-heavy creates running, over its median with plain creates, must stay <= 2.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { SEED_ID } from './fixtures.ts'
import { startServer } from './lib/processes.ts'
import { interleave, median, progress, ratioRow, type Row } from './lib/stats.ts'

const PREFIX = '/v3/preview-upcoming/resources'
const LIMIT = 1024 * 1024 - 1024

/** The largest body of `make(n)` items under the body limit. */
function heavyBody(): string {
  const body = (n: number) =>
    JSON.stringify({
      title: 'Item-heavy',
      content: Array.from({ length: n }, (_, i) => ({ mediaType: 'text/plain', text: `line ${i}` })),
    })
  let n = 20_000
  while (Buffer.byteLength(body(n + 1000)) < LIMIT) n += 1000
  while (Buffer.byteLength(body(n)) >= LIMIT) n -= 100
  return body(n)
}

function plainBody(bytes: number): string {
  const shell = JSON.stringify({ title: 'Plain', content: [{ mediaType: 'text/plain', text: '' }] })
  return JSON.stringify({
    title: 'Plain',
    content: [{ mediaType: 'text/plain', text: 'x'.repeat(bytes - Buffer.byteLength(shell)) }],
  })
}

/** GET latencies (ms) while two clients each send `creates` creates of `bodyFile`. */
async function getsDuringCreates(base: string, bodyFile: string, creates: number): Promise<number[]> {
  const clients = [0, 1].map(
    () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['bench/http-client.ts', `${base}${PREFIX}/artefact`, 'POST', String(creates), '1', bodyFile],
          { stdio: ['ignore', 'ignore', 'inherit'] },
        )
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`[bench] a create client exited ${code}`)),
        )
      }),
  )
  let done = false
  const all = Promise.all(clients).finally(() => {
    done = true
  })
  const latencies: number[] = []
  // A bounded sampler: at most 2,000 GETs, and it stops when the creates end.
  while (!done && latencies.length < 2000) {
    const started = performance.now()
    const response = await fetch(`${base}${PREFIX}/artefact/${SEED_ID}`, { headers: { Accept: 'application/json' } })
    await response.arrayBuffer()
    latencies.push(performance.now() - started)
  }
  await all
  return latencies
}

export async function itemHeavyRows(o: { rounds: number; creates: number; port: number }): Promise<Row[]> {
  mkdirSync('bench/.tmp', { recursive: true })
  const heavy = heavyBody()
  writeFileSync('bench/.tmp/heavy.json', heavy)
  writeFileSync('bench/.tmp/plain.json', plainBody(Buffer.byteLength(heavy)))
  const base = `http://127.0.0.1:${o.port}`
  const medians = await interleave(['heavy', 'plain'] as const, o.rounds, async (side, round) => {
    progress(`7 item-heavy: round ${round + 1}, ${side} creates`)
    // A fresh server per side and round: what earlier rounds stored does not weigh on this one.
    const server = await startServer(
      'http mode',
      process.execPath,
      ['bench/http-project-server.ts', String(o.port)],
      `${base}${PREFIX}/artefact/${SEED_ID}`,
    )
    try {
      return median(await getsDuringCreates(base, `bench/.tmp/${side}.json`, o.creates))
    } finally {
      await server.stop()
    }
  })
  return [
    ratioRow(
      '7 HTTP mode: GET median while 2 clients send 1 MiB item-heavy creates vs 1 MiB plain creates, ms',
      {
        ours: medians.heavy,
        theirs: medians.plain,
        ratios: medians.heavy.map((v, i) => v / medians.plain[i]!),
        digits: 1,
      },
      { op: '<=', value: 2 },
    ),
  ]
}
