/**
 * The browser half of benchmark 3: ready after a reload with 1,000 and 10,000
 * created artefacts restored from IndexedDB, against the data set alone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { SEED_ID } from './fixtures.ts'
import { benchUrl, fillStore, openBench, reloadBench, storedCount } from './lib/bench-page.ts'
import { interleave, progress, ratioRow, type Row } from './lib/stats.ts'

/** 1,000 is held to the goal; 10,000 is reported. */
const GOALS: Record<number, number | null> = { 1000: 1.25 }

export async function restoreRows(
  browser: Browser,
  origin: string,
  o: { rounds: number; created: readonly number[] },
): Promise<Row[]> {
  progress(`restore: store ${o.created.join(' and ')} artefacts, then ${o.rounds} interleaved reloads`)
  const contexts: BrowserContext[] = []
  const pages = new Map<number, Page>()
  try {
    for (const created of [0, ...o.created]) {
      const context = await browser.newContext({ serviceWorkers: 'allow' })
      contexts.push(context)
      const page = await context.newPage()
      await openBench(page, benchUrl(origin, 'project'))
      // The mock's own create path writes the records, so they are what a reload finds after real use.
      const last = created > 0 ? await fillStore(page, created) : SEED_ID
      // Each reload's first request is a GET of the newest stored artefact (a data set one for the data set alone).
      await openBench(page, benchUrl(origin, 'project', `?first=${last}`))
      pages.set(created, page)
    }
    const base = await storedCount(pages.get(0)!)
    const modes = [0, ...o.created].map(String)
    const firstGet: Record<string, number[]> = {}
    const held: Record<string, number[]> = {}
    const samples = await interleave(modes, o.rounds, async (mode) => {
      const created = Number(mode)
      const r = await reloadBench(pages.get(created)!)
      if (r.stored !== base + created || r.firstGetMs === null)
        throw new Error(
          `[bench] restore: ${r.stored} artefacts after reload (expected ${base + created}), first GET ${r.firstGetMs === null ? 'not 200' : 'answered'}; the run is void`,
        )
      ;(firstGet[mode] ??= []).push(r.firstGetMs)
      ;(held[mode] ??= []).push(r.heldMs)
      return r.readyMs
    })
    const against = (of: Record<string, number[]>, created: number) => {
      const ours = of[String(created)]!
      const alone = of['0']!
      return { ours, theirs: alone, ratios: ours.map((v, i) => v / alone[i]!) }
    }
    return o.created.flatMap((created) => {
      const goal = GOALS[created] ?? null
      const n = created.toLocaleString('en')
      const all = (base + created).toLocaleString('en')
      return [
        ratioRow(
          `3 Scale: ready after reload with ${n} created artefacts (${all} stored) vs data set alone, ms`,
          against(samples, created),
          goal === null ? null : { op: '<=', value: goal },
        ),
        ratioRow(
          `3 Scale: reload to its first GET answered (the newest of ${n} created vs a data set artefact), ms`,
          against(firstGet, created),
          null,
        ),
        ratioRow(
          `3 Scale: reload to all ${all} stored artefacts held vs data set alone, ms`,
          against(held, created),
          null,
        ),
      ]
    })
  } finally {
    await Promise.all(contexts.map((c) => c.close()))
  }
}
