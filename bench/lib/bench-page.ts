/** Drives the bench page (bench/browser) from Playwright: open, reload, timed runs, set-up fills. */
import type { Page } from 'playwright-core'
import type { BenchMode } from '../browser/vite.config.ts'
import type { Op } from '../fixtures.ts'

export type { BenchMode }

/** The bench page of `mode` on the server at `origin` (each mode is its own build at `/<mode>/`). */
export const benchUrl = (origin: string, mode: BenchMode, query = ''): string =>
  new URL(`/${mode}/${query}`, origin).href

interface RunResult {
  ms: number
  hits: number
  failures: number
}
interface Bench {
  mode: BenchMode
  /** When the mode's chunk was loaded and evaluated (the rest of `readyMs` is its start). */
  importedMs: number
  readyMs: number
  /** With `?first=<id>`: when the GET of it, sent at ready, was answered 200. */
  firstGetMs: number | null
  /** When every stored artefact was held. */
  heldMs: number
  run(op: Op, count: number, inFlight: number): Promise<RunResult>
  storedCount(): number
  fill?: (count: number) => Promise<{ failures: number; lastId: string }>
}
declare const bench: Bench

/**
 * Resolves when the page logs that `window.bench` is there. A console message, not
 * `waitForFunction`: that one evaluates Playwright's injected script in the page (6-18 ms of
 * main-thread work in traces) while the navigation being timed is still loading its chunks.
 */
const benchReady = (page: Page) =>
  page.waitForEvent('console', { predicate: (message) => message.text() === '[bench] ready', timeout: 60_000 })

/** Opens the page and resolves with its navigation-to-worker-ready time, ms. */
export const openBench = async (page: Page, url: string): Promise<number> => {
  await Promise.all([benchReady(page), page.goto(url)])
  return page.evaluate(() => bench.readyMs)
}

/** Reloads the page: its ready time, first GET (with `?first=`) and all-held time, ms, and the artefacts it holds. */
export const reloadBench = async (
  page: Page,
): Promise<{ readyMs: number; firstGetMs: number | null; heldMs: number; stored: number }> => {
  await Promise.all([benchReady(page), page.reload()])
  return page.evaluate(() => ({
    readyMs: bench.readyMs,
    firstGetMs: bench.firstGetMs,
    heldMs: bench.heldMs,
    stored: bench.storedCount(),
  }))
}

export const storedCount = (page: Page): Promise<number> => page.evaluate(() => bench.storedCount())

/** `count` requests of `op`, `inFlight` at a time, through the worker; resolves with req/s. */
export async function timedRun(page: Page, op: Op, count: number, inFlight: number, label: string): Promise<number> {
  const r = await page.evaluate(([o, c, f]) => bench.run(o, c, f), [op, count, inFlight] as const)
  // A request the worker did not answer would time something else: the run is void.
  if (r.hits !== count || r.failures !== 0)
    throw new Error(
      `[bench] ${label}: ${r.hits} of ${count} answered by the handlers, ${r.failures} failed; the run is void`,
    )
  return (count / r.ms) * 1000
}

/**
 * Stores `count` more artefacts in the page's IndexedDB through the mock's own handlers and
 * store, without the worker's round trip (the `project` page only): untimed set-up, about 700 a second.
 * Resolves with the id of the last one stored.
 */
export async function fillStore(page: Page, count: number): Promise<string> {
  const before = await storedCount(page)
  const { failures, lastId } = await page.evaluate((n) => {
    if (!bench.fill) throw new Error('[bench] this mode of the bench page cannot fill its store')
    return bench.fill(n)
  }, count)
  const after = await storedCount(page)
  if (failures !== 0 || after !== before + count)
    throw new Error(
      `[bench] fill: ${failures} of ${count} creates failed, ${after - before} stored; the set-up is void`,
    )
  return lastId
}
