/**
 * `npm run bench`: every benchmark, as one table of medians and ratios.
 * Sides run interleaved over several rounds (order rotating); ratios are per
 * round, ours / baseline, reported as median [min-max].
 *   --quick          fewer rounds and requests (`npm run bench:quick`, about three minutes)
 *   --write          also refresh the table and machine facts in bench/RESULTS.md
 *   --only=1,2,...   run only these benchmarks (1 Node, 2 worker, 3 scale, 4 explorer, 5 HTTP,
 *                    6 explorer long session, 7 HTTP mode under item-heavy creates, 8 shadow mode)
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cpus } from 'node:os'
import { explorerRows, EXPLORER_DIR, preparePeers, PEERS_DIR } from './explorer.ts'
import { httpRows } from './http-suite.ts'
import { itemHeavyRows } from './item-heavy.ts'
import { longSessionRows } from './long-session.ts'
import { launchChromium } from './lib/chromium.ts'
import { openApiDocument } from './lib/openapi.ts'
import { buildBenchPages } from './browser/build.ts'
import { preview } from './lib/processes.ts'
import { writeResults } from './lib/results.ts'
import { progress, type Row, tableLines } from './lib/stats.ts'
import { nodeHandlerRows } from './node-handlers.ts'
import { scaleRows } from './scale.ts'
import { restoreRows } from './restore.ts'
import { serviceWorkerRows } from './service-worker.ts'
import { shadowRows, shadowSize } from './shadow.ts'

// The peers compared against live in bench/'s own package, so `npm ci` of the project does not fetch them.
if (!existsSync('bench/node_modules/.package-lock.json')) {
  process.stderr.write('[artefact-mock] installing the benchmark peers (npm ci --prefix bench)\n')
  execFileSync('npm', ['ci', '--prefix', 'bench', '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' })
}

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const only = new Set((args.find((a) => a.startsWith('--only='))?.slice(7) ?? '1,2,3,4,5,6,7,8').split(','))
const base = Number(process.env.BENCH_PORT ?? 4280)
// Not 4190: fetch and Chromium refuse it (a "bad port", ManageSieve).
const ports = {
  bench: base,
  explorer: base + 1,
  peers: base + 2,
  project: base + 3,
  prism: base + 4,
  jsonServer: base + 5,
}
const p = quick
  ? {
      rounds: 3,
      nodeRequests: 200,
      scaleRequests: 200,
      heapRounds: 2,
      heapCount: 10_000,
      swRequests: 60,
      httpRequests: 200,
      // 10,000 is a reported row: the full run only (its fill alone takes a quarter of a minute).
      restored: [1000],
      // 2,000 logged in the quick run: filling the log is its slowest set-up.
      session: { logged: 2000, stored: 5000, clicks: 5, creates: 5, growth: { sends: 150, timed: 15, stored: 600 } },
    }
  : {
      rounds: 5,
      nodeRequests: 3000,
      scaleRequests: 2000,
      heapRounds: 5,
      heapCount: 50_000,
      swRequests: 500,
      httpRequests: 2000,
      restored: [1000, 10_000],
      session: { logged: 5000, stored: 5000, clicks: 20, creates: 30, growth: { sends: 300, timed: 30, stored: 600 } },
    }

const started = performance.now()
const rows: Row[] = []
/** A suite that fails leaves a row saying so, and the others still run. */
const suite = async (name: string, fn: () => Promise<Row[]>) => {
  try {
    rows.push(...(await fn()))
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replaceAll('|', '/')
    progress(`${name} failed: ${message}`)
    rows.push({
      benchmark: name,
      ours: `failed: ${message.slice(0, 200)}`,
      theirs: '',
      ratio: '-',
      goal: '',
      verdict: 'FAILED',
    })
    process.exitCode = 1
  }
}
const openapi = openApiDocument()
let chromiumVersion = 'not run'

if (only.has('1')) await suite('1 Node handlers', () => nodeHandlerRows({ rounds: p.rounds, requests: p.nodeRequests }))
if (only.has('3'))
  await suite('3 Scale (Node)', () =>
    scaleRows({
      rounds: p.rounds,
      requests: p.scaleRequests,
      large: 100_000,
      heapRounds: p.heapRounds,
      heapCount: p.heapCount,
    }))

const explorerBuilt = only.has('4') || only.has('6')
if (only.has('2') || only.has('3') || explorerBuilt) {
  progress('building the bench page and the explorer (production builds)')
  const vite = (extra: string[]) =>
    execFileSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn', ...extra], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  buildBenchPages()
  if (explorerBuilt) vite(['--outDir', EXPLORER_DIR, '--emptyOutDir'])
  if (only.has('4')) preparePeers(openapi.path)
  const servers = await Promise.all([
    preview('bench/.dist/browser', ports.bench),
    ...(explorerBuilt ? [preview(EXPLORER_DIR, ports.explorer)] : []),
    ...(only.has('4') ? [preview(PEERS_DIR, ports.peers)] : []),
  ])
  const browser = await launchChromium()
  chromiumVersion = browser.version()
  try {
    const [page, explorer, peers] = servers
    if (only.has('2'))
      await suite('2 Service worker', () =>
        serviceWorkerRows(browser, page!.url, { rounds: p.rounds, requests: p.swRequests }))
    if (only.has('3'))
      await suite('3 Scale (browser restore)', () =>
        restoreRows(browser, page!.url, { rounds: p.rounds, created: p.restored }))
    if (only.has('4'))
      await suite('4 Explorer vs peers', () =>
        explorerRows(
          browser,
          { explorer: explorer!.url, peers: peers!.url },
          { rounds: p.rounds, openapiPath: openapi.path },
        ))
    if (only.has('6'))
      await suite('6 Explorer long session', () =>
        longSessionRows(browser, { explorer: explorer!.url, bench: page!.url }, { rounds: p.rounds, ...p.session }))
  } finally {
    await browser.close()
    await Promise.all(servers.map((s) => s.stop()))
  }
}

if (only.has('5'))
  await suite('5 HTTP mode vs peers', () =>
    httpRows({ rounds: p.rounds, requests: p.httpRequests, inFlight: 16, openapiPath: openapi.path, ports }))
if (only.has('7'))
  await suite('7 HTTP mode: item-heavy creates', () =>
    itemHeavyRows({ rounds: p.rounds, creates: quick ? 6 : 15, port: ports.project }))

if (only.has('8')) await suite('8 shadow mode', () => shadowRows({ ...shadowSize(quick), port: ports.project }))

const seconds = (performance.now() - started) / 1000
const facts = [
  `Node ${process.version}; Chromium ${chromiumVersion}; ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'})`,
  `\`npm run bench${quick ? ':quick' : ''}\`: ${p.rounds} interleaved rounds; ${seconds.toFixed(0)} s; OpenAPI document: ${openapi.path}${openapi.standIn ? ' (a stand-in: the project has none yet)' : ''}`,
]
process.stdout.write(`${[...facts, '', ...tableLines(rows)].join('\n')}\n`)
if (args.includes('--write'))
  writeResults('bench/RESULTS.md', { facts, table: tableLines(rows), date: new Date().toISOString().slice(0, 10) })
