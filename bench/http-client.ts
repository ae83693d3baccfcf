/**
 * The one client of benchmark 5, in its own process: keep-alive fetch, `count`
 * requests with at most `inFlight` at a time. Every answer must be a 2xx.
 * Usage: node bench/http-client.ts <url> <GET|POST> <count> <inFlight> [body-file]
 */
import { readFileSync } from 'node:fs'

const [url = '', method = 'GET', countText = '500', inFlightText = '1', bodyFile] = process.argv.slice(2)
const count = Number(countText)
const inFlight = Number(inFlightText)
const body = bodyFile ? readFileSync(bodyFile, 'utf8') : undefined
if (!url.startsWith('http://127.0.0.1:')) throw new Error('[bench] the client talks to 127.0.0.1 only')
const headers = { Accept: 'application/json', ...(body && { 'Content-Type': 'application/json' }) }

const statuses: Record<number, number> = {}
const runAll = async (n: number) => {
  let next = 0
  const lane = async () => {
    while (next < n) {
      next += 1
      const res = await fetch(url, { method, headers, ...(body && { body }) })
      await res.arrayBuffer()
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: Math.min(inFlight, n) }, lane))
}
await runAll(Math.min(100, count))
for (const key of Object.keys(statuses)) delete statuses[Number(key)]
const started = performance.now()
await runAll(count)
const ms = performance.now() - started
const ok = Object.entries(statuses).every(([status]) => Number(status) < 300)
process.stdout.write(`${JSON.stringify({ ms, count, ok, statuses })}\n`)
