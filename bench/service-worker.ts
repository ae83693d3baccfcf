/**
 * Benchmark 2: handler cost through the service worker. The bench/browser page in four
 * modes, each its own production build at `/<mode>/`: bare msw, the mock with a memory
 * store, the mock as it ships (IndexedDB), and bare msw plus one awaited IndexedDB
 * write per create (the storage floor). The POST rows split the mock's cost into its
 * handlers' (memory / bare) and its storage's (IndexedDB / memory), and set the mock
 * against the floor any mock pays that answers a create only once it is stored.
 */
import type { Browser } from 'playwright-core'
import { OP_LABELS, OPS, type Op } from './fixtures.ts'
import { type BenchMode, benchUrl, openBench, reloadBench, timedRun } from './lib/bench-page.ts'
import { interleave, progress, ratioRow, type Row } from './lib/stats.ts'
import { NAVIGATION_PAIRS, type NavigationRound, navigationRound, navigationRows } from './navigation.ts'

// Issue 35's budgets: a GET against bare msw; a create, which persists, against its storage floor.
const FLOOR_GOAL = 0.95
const GOALS: Record<Op, Record<'1' | '32', number | null>> = {
  get: { '1': 0.9, '32': 0.9 },
  create: { '1': null, '32': null },
  category: { '1': null, '32': null },
}
const KEYS = OPS.flatMap((op) => [`${op}:1`, `${op}:32`])
/** The memory and floor modes run the writes only: a GET reads the same Map in both stores. */
const keysOf = (mode: BenchMode) =>
  mode === 'memory' || mode === 'durable' ? KEYS.filter((k) => !k.startsWith('get:')) : KEYS
const how = (inFlight: string) => (inFlight === '1' ? 'sequential' : '32 in flight')

interface Sample {
  rps: Record<string, number>
  /** The round's navigations, run with the project's sample (so once per round). */
  navigation?: NavigationRound
}

export async function serviceWorkerRows(
  browser: Browser,
  origin: string,
  o: { rounds: number; requests: number },
): Promise<Row[]> {
  progress(
    `service worker: ${o.rounds} rounds, ${o.requests} requests per op and mode (bare, memory store, IndexedDB, storage floor), sequential and 32 in flight; ${NAVIGATION_PAIRS} alternating pairs of navigations per round for bare and IndexedDB`,
  )
  const samples = await interleave(
    ['bare', 'memory', 'project', 'durable'] as const,
    o.rounds,
    async (mode): Promise<Sample> => {
      const navigation = mode === 'project' ? await navigationRound(browser, origin) : undefined
      const context = await browser.newContext({ serviceWorkers: 'allow' })
      try {
        const page = await context.newPage()
        // The runs time a reloaded page, as an app's page after its first visit.
        await openBench(page, benchUrl(origin, mode))
        await reloadBench(page)
        const rps: Record<string, number> = {}
        for (const key of keysOf(mode)) {
          const [op, inFlight] = key.split(':') as [Op, string]
          await timedRun(page, op, Math.min(50, o.requests), Number(inFlight), `${mode} warm-up`)
          rps[key] = await timedRun(page, op, o.requests, Number(inFlight), `${mode} ${key}`)
        }
        return { rps, navigation }
      } finally {
        await context.close()
      }
    },
  )
  const rate = (mode: BenchMode, key: string) => samples[mode].map((s) => s.rps[key]!)
  const compare = (label: string, ours: number[], theirs: number[], goal: number | null) =>
    ratioRow(
      label,
      { ours, theirs, ratios: ours.map((v, i) => v / theirs[i]!) },
      goal === null ? null : { op: '>=', value: goal },
    )
  const rows: Row[] = []
  for (const key of KEYS) {
    const [op, inFlight] = key.split(':') as [Op, '1' | '32']
    const name = `2 Worker: ${OP_LABELS[op]}, ${how(inFlight)}`
    rows.push(compare(`${name}, req/s`, rate('project', key), rate('bare', key), GOALS[op][inFlight]))
    if (!keysOf('memory').includes(key)) continue
    rows.push(
      compare(`${name}: handlers (memory store) vs bare msw, req/s`, rate('memory', key), rate('bare', key), null),
      compare(`${name}: storage (IndexedDB vs memory store), req/s`, rate('project', key), rate('memory', key), null),
      compare(
        `${name}: storage floor (bare msw + one awaited IndexedDB write per create vs bare msw), req/s`,
        rate('durable', key),
        rate('bare', key),
        null,
      ),
      compare(`${name}: the mock vs the storage floor, req/s`, rate('project', key), rate('durable', key), FLOOR_GOAL),
    )
  }
  rows.push(...navigationRows(samples.project.map((s) => s.navigation!)))
  return rows
}
