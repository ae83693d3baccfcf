/**
 * Benchmark 6, one page's long run of Sends (issue 37, point 8): the builder's Send, GET, with
 * 600 artefacts stored, timed over the first Sends of a page and again after a few hundred, as
 * a person working through an afternoon would. The history fills (100 kept) and the network
 * log grows in between; a cost that grows with either shows here. Each round is a new page.
 */
import type { Browser } from 'playwright-core'
import {
  OPERATIONS,
  openExplorer,
  operation,
  probe,
  settled,
  showTool,
  storedState,
  timedSends,
} from './long-session.ts'
import { fmt, median, progress, ratioRow, type Row, spread } from './lib/stats.ts'

const GOAL = 1.15

export interface GrowthOptions {
  /** Sends in one page, the timed ones included. */
  sends: number
  /** Sends timed at the start and at the end. */
  timed: number
  /** Artefacts stored (data set included). */
  stored: number
}

const p95 = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!

export async function sessionGrowthRows(
  browser: Browser,
  urls: { explorer: string; bench: string },
  o: GrowthOptions & { rounds: number },
): Promise<Row[]> {
  progress(`long session: ${o.sends} Sends on one page, ${o.stored} stored, ${o.rounds} rounds`)
  const { state } = await storedState(browser, urls, o.stored)
  const rounds: Array<{ first: number[]; last: number[]; longTasks: number[] }> = []
  for (let round = 0; round < o.rounds; round++) {
    const { context, page } = await openExplorer(browser, `${urls.explorer}/`, state)
    try {
      await settled(page)
      await operation(page, OPERATIONS.get).click()
      await showTool(page, 'Network log')
      await timedSends(page, 2, 'growth warm-up')
      const first = await timedSends(page, o.timed, 'growth, first sends')
      await timedSends(page, o.sends - 2 * o.timed - 2, 'growth, sends between')
      const before = (await probe(page)).__longTasks!.length
      const last = await timedSends(page, o.timed, 'growth, last sends')
      rounds.push({ first, last, longTasks: (await probe(page)).__longTasks!.slice(before) })
    } finally {
      await context.close()
    }
  }
  const per = (pick: (r: (typeof rounds)[number]) => number[], stat: (v: readonly number[]) => number) => ({
    ours: rounds.map((r) => stat(pick(r))),
    theirs: rounds.map((r) => stat(r.first)),
    ratios: rounds.map((r) => stat(pick(r)) / stat(r.first)),
    digits: 1,
  })
  const span = `sends ${o.sends - o.timed + 1}-${o.sends} vs 3-${o.timed + 2} of one page, ${o.stored} stored`
  const counts = rounds.map((r) => r.longTasks.length)
  const longest = Math.max(0, ...rounds.flatMap((r) => r.longTasks))
  return [
    ratioRow(
      `6 Long session: click Send to GET shown, ${span}, median ms`,
      per((r) => r.last, median),
      {
        op: '<=',
        value: GOAL,
      },
    ),
    ratioRow(
      `6 Long session: click Send to GET shown, ${span}, p95 ms`,
      per((r) => r.last, p95),
      null,
    ),
    {
      benchmark: `6 Long session: long tasks (over 50 ms) during the last ${o.timed} of ${o.sends} Sends, ${o.stored} stored`,
      ours: `${spread(counts, 0)} (longest ${fmt(longest, 0)} ms)`,
      theirs: '',
      ratio: '-',
      goal: 'reported',
      verdict: fmt(Math.max(...counts), 0),
    },
  ]
}
