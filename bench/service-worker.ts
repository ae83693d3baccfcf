/**
 * Benchmark 2 (handler cost through the service worker) and the browser half of
 * benchmark 3 (1,000 created artefacts restored from IndexedDB on reload).
 * Both modes are one production build of bench/browser, chosen by `?mode=`.
 */
import type { Browser, Page } from 'playwright-core'
import { OP_LABELS, OPS, type Op } from './fixtures.ts'
import { interleave, progress, ratioRow, type Row } from './lib/stats.ts'

type Mode = 'project' | 'bare'
interface RunResult {
  ms: number
  hits: number
  failures: number
}
interface Bench {
  mode: Mode
  readyMs: number
  run(op: Op, count: number, inFlight: number): Promise<RunResult>
  storedCount(): number
}
declare const bench: Bench

const openBench = async (page: Page, url: string) => {
  await page.goto(url)
  await page.waitForFunction(() => 'bench' in window, undefined, { timeout: 60_000 })
  return page.evaluate(() => bench.readyMs)
}
const reloadBench = async (page: Page) => {
  await page.reload()
  await page.waitForFunction(() => 'bench' in window, undefined, { timeout: 60_000 })
  return page.evaluate(() => ({ readyMs: bench.readyMs, stored: bench.storedCount() }))
}

async function timedRun(page: Page, op: Op, count: number, inFlight: number, label: string): Promise<number> {
  const r = await page.evaluate(([o, c, f]) => bench.run(o, c, f), [op, count, inFlight] as const)
  // A request the worker did not answer would time something else: the run is void.
  if (r.hits !== count || r.failures !== 0)
    throw new Error(
      `[bench] ${label}: ${r.hits} of ${count} answered by the handlers, ${r.failures} failed; the run is void`,
    )
  return (count / r.ms) * 1000
}

export async function serviceWorkerRows(
  browser: Browser,
  origin: string,
  o: { rounds: number; requests: number },
): Promise<Row[]> {
  const keys = OPS.flatMap((op) => [`${op}:1`, `${op}:32`])
  progress(`service worker: ${o.rounds} rounds, ${o.requests} requests per op and mode, sequential and 32 in flight`)
  const samples = await interleave(['bare', 'project'] as const, o.rounds, async (mode: Mode) => {
    const context = await browser.newContext({ serviceWorkers: 'allow' })
    try {
      const page = await context.newPage()
      const first = await openBench(page, `${origin}/?mode=${mode}`)
      const { readyMs: reload } = await reloadBench(page)
      const rps: Record<string, number> = {}
      for (const key of keys) {
        const [op, inFlight] = key.split(':') as [Op, string]
        await timedRun(page, op, Math.min(50, o.requests), Number(inFlight), `${mode} warm-up`)
        rps[key] = await timedRun(page, op, o.requests, Number(inFlight), `${mode} ${key}`)
      }
      return { first, reload, rps }
    } finally {
      await context.close()
    }
  })
  const rows: Row[] = []
  for (const key of keys) {
    const [op, inFlight] = key.split(':') as [Op, string]
    const ours = samples.project.map((s) => s.rps[key]!)
    const theirs = samples.bare.map((s) => s.rps[key]!)
    rows.push(
      ratioRow(
        `2 Worker: ${OP_LABELS[op]}, ${inFlight === '1' ? 'sequential' : '32 in flight'}, req/s`,
        {
          ours,
          theirs,
          ratios: ours.map((v, i) => v / theirs[i]!),
        },
        { op: '>=', value: 0.9 },
      ),
    )
  }
  for (const phase of ['first', 'reload'] as const) {
    const ours = samples.project.map((s) => s[phase])
    const theirs = samples.bare.map((s) => s[phase])
    rows.push(
      ratioRow(
        `2 Worker: navigation to worker ready, ${phase === 'first' ? 'first load' : 'reload'}, ms`,
        {
          ours,
          theirs,
          ratios: ours.map((v, i) => v / theirs[i]!),
        },
        { op: '<=', value: 1.2 },
      ),
    )
  }
  return rows
}

export async function restoreRows(
  browser: Browser,
  origin: string,
  o: { rounds: number; created: number },
): Promise<Row[]> {
  progress(`restore: create ${o.created} artefacts through the worker, then ${o.rounds} interleaved reloads`)
  const withData = await browser.newContext({ serviceWorkers: 'allow' })
  const alone = await browser.newContext({ serviceWorkers: 'allow' })
  try {
    const dataPage = await withData.newPage()
    const alonePage = await alone.newPage()
    await openBench(dataPage, `${origin}/?mode=project`)
    await openBench(alonePage, `${origin}/?mode=project`)
    const base = await dataPage.evaluate(() => bench.storedCount())
    await timedRun(dataPage, 'create', o.created, 8, 'create for restore')
    const expected = base + o.created
    const samples = await interleave(['data', 'alone'] as const, o.rounds, async (mode) => {
      const r = await reloadBench(mode === 'data' ? dataPage : alonePage)
      const want = mode === 'data' ? expected : base
      if (r.stored !== want)
        throw new Error(`[bench] restore: ${r.stored} artefacts after reload, expected ${want}; the run is void`)
      return r.readyMs
    })
    return [
      ratioRow(
        `3 Scale: ready after reload with ${o.created.toLocaleString('en')} created artefacts (all ${expected} restored) vs data set alone, ms`,
        {
          ours: samples.data,
          theirs: samples.alone,
          ratios: samples.data.map((v, i) => v / samples.alone[i]!),
        },
        { op: '<=', value: 1.5 },
      ),
    ]
  } finally {
    await withData.close()
    await alone.close()
  }
}
