/**
 * `npm run fuzz`: 20,000 seeded random requests against a fresh mock, then the
 * figures. Exits 1 when any rule was broken.
 *   --count=N              requests (default 20000)
 *   --seed=N               first seed (default 6); batches of 500 use seed, seed+1, ...
 *   --transport=fetch      msw/node intercepting real fetch (default)
 *   --transport=direct     msw's getResponse(handlers, request), no interception
 */
import { type FuzzFigures, runFuzz, statusClasses, type Transport } from './run-fuzz.ts'

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const count = Number(arg('count', '20000'))
const seed = Number(arg('seed', '6'))
const transport = arg('transport', 'fetch') as Transport
const USAGE = 'usage: node fuzz/run.ts [--count=20000] [--seed=6] [--transport=fetch|direct]\n'
if (process.argv.includes('--help')) {
  process.stdout.write(USAGE)
  process.exit(0)
}
// An unknown flag is a typo that would otherwise start a full 20,000-request run.
const unknown = process.argv.slice(2).filter((a) => !/^--(count|seed|transport)=/.test(a))
const valid = Number.isInteger(count) && count >= 1 && Number.isInteger(seed) && ['fetch', 'direct'].includes(transport)
if (!valid || unknown.length > 0) {
  process.stderr.write(USAGE)
  process.exit(2)
}

const write = (line: string) => process.stdout.write(`${line}\n`)
const through = transport === 'fetch' ? 'msw/node + fetch' : 'getResponse (no interception)'
write(`fuzzing: ${count} requests, seed ${seed}, transport ${through}, node ${process.version}`)
const figures: FuzzFigures = await runFuzz({
  count,
  seed,
  transport,
  onProgress: (done) => process.stderr.write(`  ${done} / ${count}\r`),
})
process.stderr.write('\n')

const MUST_BE_ZERO: Array<[string, keyof FuzzFigures]> = [
  ['exceptions (thrown, or a 5xx other than 503)', 'exceptions'],
  ['requests no handler answered', 'unanswered'],
  ["answers other than the oracle's (mocks/testing/oracle.ts)", 'offOracle'],
  ['calls counted against the quota wrongly', 'miscounted'],
  ['error bodies not exactly {errorCode, message}', 'inexactErrorBodies'],
  ['store changes on a non-success', 'storeChangesOnNonSuccess'],
  ['successes not stored exactly once', 'successesNotStoredOnce'],
  ['success bodies off their schema', 'successBodiesOffSchema'],
  ['changes to Object.prototype', 'prototypeChanges'],
]
const rows: Array<[string, string]> = [
  ['requests', String(figures.requests)],
  ...MUST_BE_ZERO.map(([label, key]): [string, string] => [label, String(figures[key])]),
  [
    'status classes reached',
    Object.entries(statusClasses(figures.statuses))
      .map(([k, n]) => `${k} ${n}`)
      .join(', '),
  ],
  [
    'statuses',
    Object.entries(figures.statuses)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', '),
  ],
  [
    'aimed at',
    Object.entries(figures.byOperation)
      .map(([op, n]) => `${op} ${n}`)
      .join(', '),
  ],
  ['HEAD answers (no body to read)', String(figures.headBodiesUnread)],
  ['time', `${(figures.ms / 1000).toFixed(1)} s (${Math.round(figures.requests / (figures.ms / 1000))} requests/s)`],
  ['heap used at the end', `${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB`],
]
const width = Math.max(...rows.map(([label]) => label.length))
write('')
for (const [label, value] of rows) write(`${label.padEnd(width)}  ${value}`)
for (const example of figures.examples) write(`  ${example}`)

const broken = MUST_BE_ZERO.filter(([, key]) => figures[key] !== 0)
const classes = statusClasses(figures.statuses)
const missing = ['2xx', '4xx', '5xx'].filter((k) => !classes[k])
if (broken.length > 0 || missing.length > 0) {
  write(`\nFAILED: ${[...broken.map(([label]) => label), ...missing.map((k) => `${k} never reached`)].join('; ')}`)
  process.exit(1)
}
write('\nOK: every rule held')
