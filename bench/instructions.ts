/**
 * `npm run bench:instructions`: benchmark 1's Node handlers, counted in machine instructions
 * per request under valgrind's callgrind, the mock against bare msw. A count depends far less than
 * a time on what else the machine runs, so it checks what a timed ratio on a busy, shared machine
 * cannot (benchmark 1's rounds can spread by a third there).
 *
 * Each figure is the difference of two whole processes (node-worker.ts, the same warm-up), one
 * with SMALL requests and one with LARGE, over LARGE - SMALL: start-up, module loading and warm-up
 * cancel out. The mock's process and bare msw's run side by side.
 *   --repeats=N   rounds per op, four processes each (default 3)
 *   --ops=get,create,category
 * Needs valgrind (Debian: apt-get install valgrind). About 5 minutes per op and repeat on a busy
 * 2-core machine.
 */
import { execFile, execFileSync } from 'node:child_process'
import { OP_LABELS, OPS, type Op } from './fixtures.ts'
import { progress, ratioRow, type Row, tableLines } from './lib/stats.ts'

const SMALL = 300
const LARGE = 1500

/** The instructions one whole process of node-worker.ts executed, all threads. */
function count(mode: 'project' | 'bare', op: Op, requests: number): Promise<number> {
  const args = [
    '--tool=callgrind',
    '--callgrind-out-file=/dev/null',
    // V8 writes the code it runs: valgrind must see code change in anonymous memory.
    '--smc-check=all-non-file',
    process.execPath,
    '--expose-gc',
    'bench/node-worker.ts',
    mode,
    op,
    String(requests),
  ]
  return new Promise((resolve, reject) => {
    execFile('valgrind', args, { encoding: 'utf8', maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
      const collected = /Collected : (\d+)/.exec(stderr)
      if (error || !collected)
        return reject(error ?? new Error(`[bench] no count from callgrind: ${stderr.slice(-500)}`))
      const sample = JSON.parse(stdout.trim().split('\n').at(-1) || '{}') as { hits?: number; statusesOk?: boolean }
      // A request msw did not intercept would count a real network call: the run is void.
      if (sample.hits !== requests || !sample.statusesOk) {
        return reject(new Error(`[bench] ${mode} ${op}: a request was not answered by the handlers; the run is void`))
      }
      resolve(Number(collected[1]))
    })
  })
}

/**
 * Instructions per request of each side: its two processes' difference over the extra requests.
 * The two sides run side by side, so that whatever the machine does falls on both: V8 compiles and
 * collects garbage on threads of its own, so a count moves a little with timing.
 */
async function perRequest(op: Op): Promise<{ project: number; bare: number }> {
  const [projectSmall, bareSmall] = await Promise.all([count('project', op, SMALL), count('bare', op, SMALL)])
  const [projectLarge, bareLarge] = await Promise.all([count('project', op, LARGE), count('bare', op, LARGE)])
  return {
    project: (projectLarge - projectSmall) / (LARGE - SMALL),
    bare: (bareLarge - bareSmall) / (LARGE - SMALL),
  }
}

async function instructionRows(ops: readonly Op[], repeats: number): Promise<Row[]> {
  const rows: Row[] = []
  for (const op of ops) {
    const ours: number[] = []
    const theirs: number[] = []
    for (let r = 0; r < repeats; r++) {
      progress(`instructions: ${op}, repeat ${r + 1} of ${repeats} (${SMALL} and ${LARGE} requests per side)`)
      const side = await perRequest(op)
      ours.push(side.project)
      theirs.push(side.bare)
    }
    rows.push(
      ratioRow(
        `1 Node, counted: ${OP_LABELS[op]}, instructions per request (thousands)`,
        {
          ours: ours.map((n) => n / 1000),
          theirs: theirs.map((n) => n / 1000),
          ratios: ours.map((n, i) => n / theirs[i]!),
        },
        // Benchmark 1's goal is a rate of at least 0.90 of bare msw's: at most 1/0.90 its instructions.
        { op: '<=', value: 1.11 },
      ),
    )
  }
  return rows
}

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' })
} catch {
  console.error('[bench] valgrind is not installed: apt-get install valgrind (Debian), then run again')
  process.exit(1)
}
const args = process.argv.slice(2)
const repeats = Number(args.find((a) => a.startsWith('--repeats='))?.slice(10) ?? 3)
const wanted =
  args
    .find((a) => a.startsWith('--ops='))
    ?.slice(6)
    .split(',') ?? OPS
const ops = OPS.filter((op) => wanted.includes(op))
const unknown = wanted.filter((name) => !(OPS as readonly string[]).includes(name))
if (!Number.isInteger(repeats) || repeats < 1 || ops.length === 0 || unknown.length > 0) {
  console.error(`[bench] usage: npm run bench:instructions -- [--repeats=N (1 or more)] [--ops=${OPS.join(',')}]`)
  process.exit(1)
}
console.log(tableLines(await instructionRows(ops, repeats)).join('\n'))
