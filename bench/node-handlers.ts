/**
 * Benchmark 1: the mock's handlers against bare msw handlers in msw/node with
 * real fetch. Each measurement is a fresh process (see node-worker.ts).
 */
import { execFileSync } from 'node:child_process'
import { OP_LABELS, OPS, type Op } from './fixtures.ts'
import { interleave, progress, ratioRow, type Row } from './lib/stats.ts'

interface Sample {
  mode: string
  requests: number
  ms: number
  cpuMs: number
  hits: number
  statusesOk: boolean
  heapPerRequest: number
}

// Issue 35's budgets: what a person could notice, not a few per cent.
const GOALS: Record<Op, number> = { get: 0.9, create: 0.9, category: 0.9 }

function measure(mode: 'project' | 'bare', op: Op, requests: number): Sample {
  const out = execFileSync(process.execPath, ['--expose-gc', 'bench/node-worker.ts', mode, op, String(requests)], {
    encoding: 'utf8',
  })
  const sample = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Sample
  // A request msw did not intercept would time a real network call: the run is void.
  if (sample.hits !== sample.requests || !sample.statusesOk) {
    throw new Error(
      `[bench] ${mode} ${op}: ${sample.hits} of ${sample.requests} requests reached the handlers, or a status was not a success; the run is void`,
    )
  }
  return sample
}

export async function nodeHandlerRows({ rounds, requests }: { rounds: number; requests: number }): Promise<Row[]> {
  const rows: Row[] = []
  for (const op of OPS) {
    progress(`node handlers: ${op}, ${rounds} rounds of ${requests} requests per mode`)
    const s = await interleave(['bare', 'project'] as const, rounds, async (mode) => measure(mode, op, requests))
    const rps = (x: Sample) => (x.requests / x.ms) * 1000
    const cpuRps = (x: Sample) => (x.requests / x.cpuMs) * 1000
    const pairs = s.project.map((p, i) => [p, s.bare[i]!] as const)
    rows.push(
      ratioRow(
        `1 Node: ${OP_LABELS[op]}, req/s`,
        {
          ours: s.project.map(rps),
          theirs: s.bare.map(rps),
          ratios: pairs.map(([p, b]) => rps(p) / rps(b)),
        },
        { op: '>=', value: GOALS[op] },
      ),
      // CPU time is steadier than wall time on a shared machine: a cross-check, same goal.
      ratioRow(
        `1 Node: ${OP_LABELS[op]}, req per CPU-second`,
        {
          ours: s.project.map(cpuRps),
          theirs: s.bare.map(cpuRps),
          ratios: pairs.map(([p, b]) => cpuRps(p) / cpuRps(b)),
        },
        { op: '>=', value: GOALS[op] },
      ),
      ratioRow(
        `1 Node: ${OP_LABELS[op]}, heap kept per request`,
        {
          ours: s.project.map((x) => x.heapPerRequest / 1024),
          theirs: s.bare.map((x) => x.heapPerRequest / 1024),
          ratios: pairs.map(([p, b]) => p.heapPerRequest / b.heapPerRequest),
          digits: 1,
          unit: 'KiB',
        },
        { op: '<=', value: 1.05 },
      ),
    )
  }
  return rows
}
