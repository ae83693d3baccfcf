/**
 * Benchmark 3 (Node), one measurement per fresh process.
 * Usage: node --expose-gc bench/scale-worker.ts <get|heap-store|heap-parsed> <stored> [requests]
 * - get: a store with `stored` artefacts (the first 12 of the data set, then clones of
 *   artefact 01 with new ids), then GETs by id spread over the stored ones.
 * - heap-store: heap kept per artefact added to a store, each the `JSON.parse` of its
 *   stored text, as a reload makes the records this version stored (decision 041: taken
 *   without a schema pass; one the schema rebuilds costs about 7% more).
 * - heap-parsed: heap kept per `JSON.parse`d artefact in an array: "the parsed object itself".
 * Prints one JSON line.
 */
import { setupServer } from 'msw/node'
import { createControl } from '../mocks/control/control.ts'
import { seedArtefacts } from '../mocks/data/artefacts.ts'
import { createHandlers } from '../mocks/handlers/create-handlers.ts'
import { createStore } from '../mocks/store/store.ts'
import { ORIGIN, SEED_ID } from './fixtures.ts'

const [mode = 'get', storedText = '12', countText = '1000'] = process.argv.slice(2)
const stored = Number(storedText)
const count = Number(countText)
const gc = () => {
  globalThis.gc?.()
  globalThis.gc?.()
}

const store = createStore({ seedArtefacts: seedArtefacts.slice(0, 12) })
const template = store.getArtefact(SEED_ID)!
const idOf = (i: number) => `0b2e0000-5c0f-4a11-9c00-${i.toString(16).padStart(12, '0')}`
// One JSON text per clone, as IndexedDB would hand them back; built before the heap is measured.
const jsonOf = (i: number) => JSON.stringify({ ...template, artefact: { ...template.artefact, id: idOf(i) } })
const jsonBytes = Buffer.byteLength(JSON.stringify(template.artefact))
const extra = Math.max(0, stored - 12)

if (mode === 'heap-store' || mode === 'heap-parsed') {
  const kept: unknown[] = []
  gc()
  const before = process.memoryUsage().heapUsed
  for (let i = 0; i < extra; i++) {
    const parsed = JSON.parse(jsonOf(i))
    if (mode === 'heap-store') await store.addArtefact(parsed)
    else kept.push(parsed)
  }
  gc()
  const perArtefact = (process.memoryUsage().heapUsed - before) / extra
  const size = mode === 'heap-store' ? store.getSnapshot().artefacts.length : kept.length + 12
  process.stdout.write(`${JSON.stringify({ mode, stored: size, perArtefact, jsonBytes })}\n`)
} else {
  // No schema pass here: the same records, built faster; the lookup is what is timed.
  for (let i = 0; i < extra; i++) await store.addArtefact(JSON.parse(jsonOf(i)))
  const ids = extra === 0 ? [SEED_ID] : Array.from({ length: 64 }, (_, k) => idOf(Math.floor((k * extra) / 64)))
  let hits = 0
  let statusesOk = true
  const server = setupServer(...createHandlers({ control: createControl({ store }) }))
  server.events.on('response:mocked', () => {
    hits += 1
  })
  server.listen({ onUnhandledFrame: 'error' })
  const run = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const res = await fetch(`${ORIGIN}/v3/preview-upcoming/resources/artefact/${ids[i % ids.length]}`)
      await res.arrayBuffer()
      if (res.status !== 200) statusesOk = false
    }
  }
  await run(Math.min(200, count))
  hits = 0
  gc()
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await run(count)
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  server.close()
  const size = store.getSnapshot().artefacts.length
  process.stdout.write(
    `${JSON.stringify({ mode, stored: size, requests: count, ms, cpuMs: (cpu.user + cpu.system) / 1000, hits, statusesOk })}\n`,
  )
}
