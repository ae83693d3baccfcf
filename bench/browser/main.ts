/**
 * The bench page, built once per mode (vite.config.ts) and served at `/<mode>/`: `project`
 * starts the mock as it ships (IndexedDB store), `memory` the mock's handlers over a store
 * without persistence, `bare` bare msw handlers answering the same bytes, `durable` those plus
 * one awaited IndexedDB write per create (the storage floor). Each build holds only its own
 * mode's code, loaded by one dynamic import as an app loads its mock. Playwright reads `window.bench`.
 */
import { type Op, requestFor } from '../fixtures.ts'
import type { BenchMode } from './vite.config.ts'

declare const __BENCH_MODE__: BenchMode

const mode: BenchMode = __BENCH_MODE__
// A constant per build: the bundler keeps only the branch of this build's mode.
const side =
  __BENCH_MODE__ === 'bare'
    ? await import('./bare.ts')
    : __BENCH_MODE__ === 'memory'
      ? await import('./memory.ts')
      : __BENCH_MODE__ === 'durable'
        ? await import('./durable.ts')
        : await import('./project.ts')
const importedMs = performance.now()
let hits = 0
side.events.on('response:mocked', () => {
  hits += 1
})
await side.start()
const readyMs = performance.now()
// `?first=<id>`: the GET a page sends first, at once, of an artefact that a reload may not hold yet.
const first = new URLSearchParams(location.search).get('first')
let firstGetMs: number | null = null
if (first) {
  const res = await fetch(requestFor(location.origin, 'get', 0).url.replace(/[^/]+$/, first))
  await res.arrayBuffer()
  if (res.status === 200) firstGetMs = performance.now()
}
// When every stored artefact is held (the explorer's data browser complete); at once for the other modes.
const heldMs = 'held' in side ? await (side.held as () => Promise<void>)().then(() => performance.now()) : readyMs
let serial = 0

/** `count` requests of `op`, at most `inFlight` at a time. */
async function run(op: Op, count: number, inFlight: number) {
  hits = 0
  let next = 0
  let failures = 0
  const lane = async () => {
    while (next < count) {
      next += 1
      const res = await fetch(requestFor(location.origin, op, (serial += 1)))
      await res.arrayBuffer()
      if (res.status >= 300) failures += 1
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, lane))
  const ms = performance.now() - started
  // msw emits 'response:mocked' after the answer left; let the last events land (untimed).
  for (let waited = 0; hits < count && waited < 2000; waited += 10) await new Promise((r) => setTimeout(r, 10))
  return { ms, hits, failures }
}

const fill = 'fill' in side ? side.fill : undefined
Object.assign(window, {
  bench: { mode, importedMs, readyMs, firstGetMs, heldMs, run, storedCount: side.storedCount, fill },
})
document.getElementById('status')!.textContent = `ready (${mode})`
// What the bench waits for: a console message, so no script of Playwright's runs in the page while it loads.
console.debug('[bench] ready')
