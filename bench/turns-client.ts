/**
 * Benchmark 8's client, in its own process: the servers take turns, `block` sequential requests
 * each, in an order that rotates every turn, until each has answered `count`. A slow spell of the
 * machine then falls on every server alike, which rounds of a few seconds each do not give (docs/decisions/067).
 * Between two turns the client waits `GAP_MS`, so what one server still does in the background
 * (the shadow's mirrors) is done before the next server is timed. Every answer must be a 2xx.
 * Prints every answer's time (ms, from when it was sent), per URL, in the order sent.
 * Usage: node bench/turns-client.ts <GET|POST> <count> <block> <every-ms> <body-file|-> <url>...
 * With `every-ms` above 0, a request is sent every `every-ms` (the timer's lateness not counted);
 * with 0, each as soon as the previous answer is in.
 */
import { readFileSync } from 'node:fs'

const GAP_MS = 50
const WARM_UP = 100

const [method = 'GET', countText = '500', blockText = '100', everyText = '0', bodyFile = '-', ...urls] =
  process.argv.slice(2)
const [count, block, every] = [Number(countText), Number(blockText), Number(everyText)]
if (urls.length === 0 || urls.some((url) => !url.startsWith('http://127.0.0.1:')))
  throw new Error('[bench] the client talks to 127.0.0.1 only')
const body = bodyFile === '-' ? undefined : readFileSync(bodyFile, 'utf8')
const headers = { Accept: 'application/json', ...(body && { 'Content-Type': 'application/json' }) }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const statuses: Record<number, number> = {}
/** Sends `n` requests to `url` at the pace; returns each answer's time. */
async function turn(url: string, n: number): Promise<number[]> {
  const times: number[] = []
  let due = performance.now()
  for (let i = 0; i < n; i++) {
    if (every > 0) {
      due += every
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
    }
    const sent = performance.now()
    const res = await fetch(url, { method, headers, ...(body && { body }) })
    await res.arrayBuffer()
    times.push(performance.now() - sent)
    statuses[res.status] = (statuses[res.status] ?? 0) + 1
  }
  return times
}

for (const url of urls) await turn(url, WARM_UP)
const latencies: Record<string, number[]> = Object.fromEntries(urls.map((url) => [url, []]))
for (let round = 0; latencies[urls[0]!]!.length < count; round++) {
  for (let i = 0; i < urls.length; i++) {
    const url = urls[(i + round) % urls.length]!
    const times = await turn(url, Math.min(block, count - latencies[url]!.length))
    latencies[url]!.push(...times.map((v) => Math.round(v * 1000) / 1000))
    await sleep(GAP_MS)
  }
}
const ok = Object.keys(statuses).every((status) => Number(status) < 300)
process.stdout.write(`${JSON.stringify({ ok, statuses, latencies })}\n`)
