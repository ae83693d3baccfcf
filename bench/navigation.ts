/**
 * Benchmark 2's navigation rows: a fresh context's first load of the bench page, then one
 * reload, to worker ready; the mock as it ships against bare msw. A single navigation on this
 * machine moves by 20 % or more, and by more in bursts, so the two sides alternate pair by
 * pair (which goes first alternates too) and each round's figure is the median of its pairs.
 */
import type { Browser } from 'playwright-core'
import { type BenchMode, benchUrl, openBench, reloadBench } from './lib/bench-page.ts'
import { median, ratioRow, type Row } from './lib/stats.ts'

const NAVIGATION_GOAL = 1.2
/** Pairs (one navigation of each side) per round. */
export const NAVIGATION_PAIRS = 7
type Side = Extract<BenchMode, 'bare' | 'project'>

async function navigate(browser: Browser, origin: string, mode: Side) {
  const context = await browser.newContext({ serviceWorkers: 'allow' })
  try {
    const page = await context.newPage()
    const first = await openBench(page, benchUrl(origin, mode))
    return { first, reload: (await reloadBench(page)).readyMs }
  } finally {
    await context.close()
  }
}

/** One round: `NAVIGATION_PAIRS` alternating pairs; the median first load and reload of each side. */
export async function navigationRound(browser: Browser, origin: string) {
  const times = {
    bare: { first: [] as number[], reload: [] as number[] },
    project: { first: [] as number[], reload: [] as number[] },
  }
  for (let pair = 0; pair < NAVIGATION_PAIRS; pair++) {
    for (const mode of pair % 2 ? (['project', 'bare'] as const) : (['bare', 'project'] as const)) {
      const t = await navigate(browser, origin, mode)
      times[mode].first.push(t.first)
      times[mode].reload.push(t.reload)
    }
  }
  const of = (mode: Side) => ({ first: median(times[mode].first), reload: median(times[mode].reload) })
  return { bare: of('bare'), project: of('project') }
}

export type NavigationRound = Awaited<ReturnType<typeof navigationRound>>

export function navigationRows(rounds: readonly NavigationRound[]): Row[] {
  return (['first', 'reload'] as const).map((phase) => {
    const ours = rounds.map((r) => r.project[phase])
    const theirs = rounds.map((r) => r.bare[phase])
    return ratioRow(
      `2 Worker: navigation to worker ready, ${phase === 'first' ? 'first load' : 'reload'}, ms`,
      { ours, theirs, ratios: ours.map((v, i) => v / theirs[i]!) },
      { op: '<=', value: NAVIGATION_GOAL },
    )
  })
}
