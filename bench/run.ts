/**
 * `npm run bench`: every benchmark, as one table of medians and ratios.
 * Modes run side by side in fresh processes, interleaved over several rounds;
 * ratios are per round (project / bare), reported as median [min-max].
 * `npm run bench:quick` runs fewer rounds and requests.
 */
import { execFileSync } from 'node:child_process'
import { cpus } from 'node:os'

const quick = process.argv.includes('--quick')
const rounds = quick ? 3 : 5
const requests = quick ? 1000 : 3000
const ops = [
  { op: 'get', label: 'GET artefact', goal: 0.9 },
  { op: 'create', label: 'POST create artefact (1.4 KB)', goal: 0.85 },
  { op: 'category', label: 'POST create category', goal: 0.85 },
] as const

interface Sample { ms: number; hits: number; statusesOk: boolean; heapPerRequest: number; requests: number }

function measure(mode: 'project' | 'bare', op: string): Sample {
  const out = execFileSync(process.execPath, ['--expose-gc', 'bench/node-worker.ts', mode, op, String(requests)], { encoding: 'utf8' })
  const sample = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Sample
  if (sample.hits !== sample.requests || !sample.statusesOk) {
    throw new Error(`${mode} ${op}: ${sample.hits} of ${sample.requests} requests reached the handlers or a status was not a success; the run is void`)
  }
  return sample
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const fmt = (n: number, digits = 2) => n.toFixed(digits)
const spread = (values: number[], digits = 2) =>
  `${fmt(median(values), digits)} [${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)}]`

const rows: string[] = []
for (const { op, label, goal } of ops) {
  const ratios: number[] = []
  const projectRps: number[] = []
  const bareRps: number[] = []
  const heapRatios: number[] = []
  for (let round = 0; round < rounds; round++) {
    // Alternate which mode goes first, so drift on a shared machine falls on both.
    const order = round % 2 === 0 ? (['bare', 'project'] as const) : (['project', 'bare'] as const)
    const samples = Object.fromEntries(order.map((mode) => [mode, measure(mode, op)])) as Record<'project' | 'bare', Sample>
    const rps = (s: Sample) => (s.requests / s.ms) * 1000
    projectRps.push(rps(samples.project))
    bareRps.push(rps(samples.bare))
    ratios.push(rps(samples.project) / rps(samples.bare))
    heapRatios.push(samples.project.heapPerRequest / samples.bare.heapPerRequest)
  }
  const verdict = (value: number, ok: boolean) => `${fmt(value)} ${ok ? 'met' : 'MISSED'}`
  rows.push(`| Node: ${label} | ${spread(projectRps, 0)} | ${spread(bareRps, 0)} | ${spread(ratios)} | >= ${goal} | ${verdict(median(ratios), median(ratios) >= goal)} |`)
  rows.push(`| Node: ${label}, heap kept per request | | | ${spread(heapRatios)} | <= 1.05 | ${verdict(median(heapRatios), median(heapRatios) <= 1.05)} |`)
}

const lines = [
  `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${rounds} interleaved rounds of ${requests} requests per mode, msw/node with real fetch`,
  '',
  '| benchmark | project req/s | bare msw req/s | ratio project/bare, median [min-max] | goal | median vs goal |',
  '|---|---|---|---|---|---|',
  ...rows,
]
process.stdout.write(`${lines.join('\n')}\n`)
