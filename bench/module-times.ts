/**
 * Where a first load's script time goes, module by module: `npm run bench:modules [rounds]`.
 * A diagnostic behind benchmark 2's first-load row, not a row itself (`docs/benchmarks.md`).
 * It builds the bench page's bare-msw and mock modes unminified, puts a
 * `performance.now()` mark at each module's start in the built chunks (each module's top-level
 * code runs in order there) and at each chunk's end, and loads each mode on a fresh context
 * `rounds` times. It prints, per package or mock module, the median time from its mark to the
 * next: the time its top-level code takes, with the first calls it makes into modules built
 * before it. The totals split the code run before the mode's start from the code of chunks
 * loaded during it (a dynamic import in the start: decision 048 in bench/decision-history.md tried one).
 * `performance.now()` is coarsened to 0.1 ms on a page that is not cross-origin isolated.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchUrl, openBench } from './lib/bench-page.ts'
import { launchChromium } from './lib/chromium.ts'
import { preview } from './lib/processes.ts'
import { median } from './lib/stats.ts'

const MODES = ['bare', 'project'] as const
// The bench page's own port (run it apart from `npm run bench`); `BENCH_PORT` moves it, as it moves the bench's.
const PORT = Number(process.env.BENCH_PORT ?? 4280)
const rounds = Number(process.argv[2] ?? 10)

const BEFORE = '(all top-level code, before the start)'
const DURING = '(all top-level code, loaded during the start)'
/** The mark a chunk's end gets: the time from it to the next chunk's first mark is not code. */
const CHUNK_END = '(end of a chunk)'

/**
 * Marks the start of every module in a chunk Vite wrote unminified (its `// <path>` lines), and the
 * chunk's end. A mode's code may be several chunks, some loaded later: every chunk shares the
 * page's one list of marks.
 */
function instrument(chunk: string): string {
  const lines = chunk.split('\n').flatMap((line) => {
    const module = /^\/\/ ((?:node_modules|mocks|bench)\/\S+)$/.exec(line)?.[1]
    return module ? [`__mark(${JSON.stringify(module.replace('node_modules/', ''))});`, line] : [line]
  })
  const firstCode = lines.findIndex((line) => !line.startsWith('import '))
  lines.splice(
    firstCode,
    0,
    'const __T = (globalThis.__T ??= []); function __mark(n) { __T.push([n, performance.now()]) }',
  )
  return `${lines.join('\n')}\n__mark(${JSON.stringify(CHUNK_END)});\n`
}

/** A mock module by its own name, a package by its name. */
const group = (module: string) =>
  module.startsWith('mocks/') || module.startsWith('bench/')
    ? module
    : module
        .split('/')
        .slice(0, module.startsWith('@') ? 2 : 1)
        .join('/')

const dir = mkdtempSync(join(tmpdir(), 'bench-modules-'))
for (const mode of MODES) {
  const args = ['build', '--logLevel', 'warn', '--config', 'bench/browser/vite.config.ts', '--mode', mode]
  execFileSync('node_modules/.bin/vite', [...args, '--minify', 'false', '--outDir', join(dir, mode)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const assets = join(dir, mode, 'assets')
  // Not the page's entry (bench/browser/main.ts): its top level awaits the mode and its start.
  const chunks = readdirSync(assets).filter((name) => name.endsWith('.js') && !name.startsWith('index-'))
  if (!chunks.some((name) => name.startsWith(`${mode}-`))) throw new Error(`[bench] no ${mode} chunk in ${assets}`)
  for (const name of chunks) writeFileSync(join(assets, name), instrument(readFileSync(join(assets, name), 'utf8')))
}
copyFileSync('public/mockServiceWorker.js', join(dir, 'mockServiceWorker.js'))

const server = await preview(dir, PORT)
const browser = await launchChromium()
const times: Record<string, Record<string, number[]>> = {}
try {
  for (let round = 0; round < rounds; round++) {
    for (const mode of MODES) {
      const context = await browser.newContext({ serviceWorkers: 'allow' })
      const page = await context.newPage()
      await openBench(page, benchUrl(server.url, mode))
      const { marks, importedMs } = (await page.evaluate(() => ({
        marks: (globalThis as { __T?: unknown }).__T,
        importedMs: (globalThis as { bench?: { importedMs: number } }).bench?.importedMs ?? Infinity,
      }))) as { marks: Array<[string, number]>; importedMs: number }
      await context.close()
      // Vite names each module in an unminified chunk with a `// <path>` line; without them there is nothing to split.
      if (marks.length < 3) throw new Error(`[bench] the ${mode} chunk had no module marks: did Vite's output change?`)
      const sums: Record<string, number> = {}
      const add = (key: string, ms: number) => {
        sums[key] = (sums[key] ?? 0) + ms
      }
      marks.slice(0, -1).forEach(([module, at], i) => {
        if (module === CHUNK_END) return
        const ms = (marks[i + 1]?.[1] ?? at) - at
        add(group(module), ms)
        add(at < importedMs ? BEFORE : DURING, ms)
      })
      const byModule = (times[mode] ??= {})
      for (const [key, ms] of Object.entries(sums)) (byModule[key] ??= []).push(ms)
    }
  }
} finally {
  await browser.close()
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}

for (const mode of MODES) {
  console.log(
    `\n${mode === 'bare' ? 'bare msw' : 'the mock'}: top-level code per module, median of ${rounds} first loads, ms`,
  )
  const rows = Object.entries(times[mode] ?? {}).map(([key, list]) => [key, median(list)] as const)
  for (const [key, ms] of rows.sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 0.1)) {
    console.log(`${ms.toFixed(1).padStart(7)}  ${key}`)
  }
}
