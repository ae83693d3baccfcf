/**
 * One measurement in a fresh process (msw/node keeps heap per intercepted
 * request and slows later real requests, so modes never share a process).
 * Usage: node --expose-gc bench/node-worker.ts <project|bare> <get|create|category> <requests>
 * Prints one JSON line: { mode, op, requests, ms, cpuMs, hits, statusesOk, heapPerRequest }.
 */
import { setupServer } from 'msw/node'
import { createControl } from '../mocks/control/control.ts'
import { createHandlers } from '../mocks/handlers/create-handlers.ts'
import { createStore } from '../mocks/store/store.ts'
import { bareHandlers } from './bare-handlers.ts'
import { ORIGIN, requestFor } from './fixtures.ts'
import { projectGetBytes } from './lib/project-bytes.ts'

const [mode = 'project', op = 'get', countText = '2000'] = process.argv.slice(2)
const count = Number(countText)
if (op !== 'get' && op !== 'create' && op !== 'category') throw new Error(`unknown op ${op}`)
let hits = 0

const handlers =
  mode === 'bare'
    ? bareHandlers(ORIGIN, await projectGetBytes(ORIGIN))
    : createHandlers({ control: createControl({ store: createStore() }) })
const server = setupServer(...handlers)
server.events.on('response:mocked', () => {
  hits += 1
})
server.listen({ onUnhandledFrame: 'error' })

let statusesOk = true
const run = async (n: number, offset: number) => {
  for (let i = 0; i < n; i++) {
    const res = await fetch(requestFor(ORIGIN, op, offset + i))
    await res.arrayBuffer()
    if (res.status >= 300) statusesOk = false
  }
}
await run(Math.min(300, count), 1_000_000) // warm-up: JIT, lazy store load
hits = 0
globalThis.gc?.()
const heapBefore = process.memoryUsage().heapUsed
const cpuBefore = process.cpuUsage()
const started = performance.now()
await run(count, 0)
const ms = performance.now() - started
const cpu = process.cpuUsage(cpuBefore)
globalThis.gc?.()
const heapPerRequest = (process.memoryUsage().heapUsed - heapBefore) / count
server.close()
const cpuMs = (cpu.user + cpu.system) / 1000
process.stdout.write(`${JSON.stringify({ mode, op, requests: count, ms, cpuMs, hits, statusesOk, heapPerRequest })}\n`)
