/**
 * The one client of benchmarks 5 and 8, in its own process: keep-alive fetch, `count`
 * requests with at most `inFlight` at a time. Every answer must be a 2xx. Prints the
 * run's time and the p50 and p99 of each answer's time (ms).
 * Usage: node bench/http-client.ts <url> <GET|POST> <count> <inFlight> [body-file] [every-ms]
 * With `every-ms`, each lane sends at that pace (one request every `every-ms`) instead of as
 * soon as the previous answer is in (a pace well below what the server can answer: the
 * timer's own lateness is not counted).
 */
import { readFileSync } from 'node:fs'

const [url = '', method = 'GET', countText = '500', inFlightText = '1', bodyFile, everyText] = process.argv.slice(2)
const count = Number(countText)
const inFlight = Number(inFlightText)
const body = bodyFile ? readFileSync(bodyFile, 'utf8') : undefined
const every = everyText ? Number(everyText) : 0
if (!url.startsWith('http://127.0.0.1:')) throw new Error('[bench] the client talks to 127.0.0.1 only')
const headers = { Accept: 'application/json', ...(body && { 'Content-Type': 'application/json' }) }

const statuses: Record<number, number> = {}
const latencies: number[] = []
const runAll = async (n: number) => {
  let next = 0
  const lane = async () => {
    let due = performance.now()
    while (next < n) {
      next += 1
      if (every > 0) {
        due += every
        const wait = due - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      }
      const sent = performance.now()
      const res = await fetch(url, { method, headers, ...(body && { body }) })
      await res.arrayBuffer()
      latencies.push(performance.now() - sent)
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: Math.min(inFlight, n) }, lane))
}
await runAll(Math.min(100, count))
for (const key of Object.keys(statuses)) delete statuses[Number(key)]
latencies.length = 0
const started = performance.now()
await runAll(count)
const ms = performance.now() - started
const ok = Object.entries(statuses).every(([status]) => Number(status) < 300)
const sorted = latencies.sort((a, b) => a - b)
const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0
process.stdout.write(`${JSON.stringify({ ms, count, ok, statuses, p50: at(0.5), p99: at(0.99) })}\n`)
