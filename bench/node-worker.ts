/**
 * One measurement in a fresh process (msw/node keeps heap per intercepted
 * request and slows later real requests, so modes never share a process).
 * Usage: node bench/node-worker.ts <project|bare> <get|create|category> <requests>
 * Prints one JSON line: { mode, op, requests, ms, hits, heapPerRequest }.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createControl } from '../mocks/control.ts'
import { createHandlers } from '../mocks/handlers.ts'
import { createStore } from '../mocks/store.ts'
import { benchBody, ORIGIN, SEED_ID } from './fixtures.ts'

const [mode = 'project', op = 'get', countText = '2000'] = process.argv.slice(2)
const count = Number(countText)
const base = `${ORIGIN}/v3/preview-upcoming/resources`
let hits = 0

const control = createControl({ store: createStore() })
const projectHandlers = createHandlers({ control })
const getBytes = JSON.stringify(control.store.getArtefact(SEED_ID)?.artefact)
const bareHandlers = [
  http.get(`${base}/artefact/:id`, () => HttpResponse.text(getBytes, { headers: { 'Content-Type': 'application/json' } })),
  http.post(`${base}/artefact`, async ({ request }) => {
    await request.json()
    return HttpResponse.json({ responseId: crypto.randomUUID(), hasErrors: false, errors: [] })
  }),
  http.post(`${base}/artefactcategory`, async ({ request }) => {
    await request.json()
    return HttpResponse.json({ categoryId: 7, categoryName: 'x' }, { status: 201 })
  }),
]
const server = setupServer(...(mode === 'bare' ? bareHandlers : projectHandlers))
server.events.on('response:mocked', () => {
  hits += 1
})
server.listen({ onUnhandledFrame: 'error' })

const body = JSON.stringify(benchBody)
const send = (i: number) => {
  if (op === 'get') return fetch(`${base}/artefact/${SEED_ID}`)
  if (op === 'create') return fetch(`${base}/artefact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
  return fetch(`${base}/artefactcategory`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: `Bench ${i}` }) })
}

let statusesOk = true
const run = async (n: number, offset: number) => {
  for (let i = 0; i < n; i++) {
    const res = await send(offset + i)
    await res.arrayBuffer()
    if (res.status >= 300) statusesOk = false
  }
}
await run(Math.min(300, count), 1_000_000) // warm-up
hits = 0
globalThis.gc?.()
const heapBefore = process.memoryUsage().heapUsed
const started = performance.now()
await run(count, 0)
const ms = performance.now() - started
globalThis.gc?.()
const heapPerRequest = (process.memoryUsage().heapUsed - heapBefore) / count
server.close()
process.stdout.write(`${JSON.stringify({ mode, op, requests: count, ms, hits, statusesOk, heapPerRequest })}\n`)
