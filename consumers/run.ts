/**
 * `npm run test:consumers`: proves the package by installing it into fresh apps.
 *
 * Builds dist/ when it is stale (`npm run build:lib`), packs the package with `npm pack`,
 * then for each folder in consumers/apps/ (and each variant in its consumer.json) copies it
 * into a fresh temporary folder outside the repo, applies the code blocks of the setup guide
 * it names (docs/setup/*.md, see doc-blocks.ts): files written, `sh run` commands run, the
 * package's name in `npm install` replaced by the tarball. Then the app's `npm test`.
 * Prints a table app -> pass/fail with seconds and exits non-zero when any app fails.
 *
 *   node consumers/run.ts [app-name ...]   only these apps
 *   CONSUMERS_KEEP=1                       keep the temporary folder to look into
 *   CONSUMERS_TARBALL=path.tgz             use this tarball instead of building and packing
 *
 * An app is a folder with a package.json (as its scaffolder made it, plus what the app's
 * own checks need) and a consumer.json (a doc may be one section of a page: `page.md#anchor`):
 *   { "doc": "docs/setup/jest.md",
 *     "variants": { "msw 2": { "package": { ...patch }, "install": { "msw": "msw@~2.15.0" } } } }
 * node_modules and build output in the folder are not copied.
 *
 * Playwright's own browsers: where /usr/bin/chromium exists and PLAYWRIGHT_BROWSERS_PATH is not
 * set, the apps' commands get PLAYWRIGHT_BROWSERS_PATH, a folder of the run laid out like
 * Playwright's browser cache. For each revision an app's installed playwright-core names
 * (browsers.json), `chromium-<rev>` and `chromium_headless_shell-<rev>` hold, where Playwright
 * looks, a script starting /usr/bin/chromium, and `ffmpeg-<rev>` only the marker; each is marked
 * installed and its host dependencies validated. So a guide's `npx playwright install chromium`
 * finds the browser installed and downloads nothing, and a plain playwright.config.ts launches
 * the system Chromium. Apps whose config names /usr/bin/chromium itself are not affected.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isStale } from '../scripts/build-lib.ts'
import { commandsOf, readDocBlocks, rewriteInstall } from './doc-blocks.ts'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const appsDir = join(root, 'consumers/apps')
const SKIP = new Set([
  'node_modules',
  'dist',
  'dist-prod',
  'test-results',
  'playwright-report',
  '.vite',
  '.next',
  'next-env.d.ts',
  'storybook-static',
])
const INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']
const TIMEOUT_MS = 15 * 60_000

type Json = Record<string, unknown>
interface Result {
  app: string
  ok: boolean
  seconds: number
  step: string
  log: string
}

/** npm's own variables from the `npm run` that started us would leak this repo's settings into the apps. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')),
) as NodeJS.ProcessEnv

const SYSTEM_CHROMIUM = '/usr/bin/chromium'
/** Playwright's path to each executable in its browser folder (EXECUTABLE_PATHS in playwright-core), Linux. */
const PLATFORM = process.arch === 'arm64' ? 'linux-arm64' : 'linux64'
const EXECUTABLES: Record<string, string | null> = {
  chromium: `chrome-${PLATFORM}/chrome`,
  'chromium-headless-shell': `chrome-headless-shell-${PLATFORM}/chrome-headless-shell`,
  ffmpeg: null,
}
const CHROMIUM_SCRIPT = `#!/bin/sh\nexec ${SYSTEM_CHROMIUM} --disable-gpu --disable-background-networking "$@"\n`

/** The browser cache standing in for Playwright's downloads (see the header); null where there is none. */
let browsersPath: string | null = null

/** Adds the browser folders the app's installed Playwright wants to the run's cache, once per revision. */
function provideBrowsers(app: string): void {
  const file = join(app, 'node_modules/playwright-core/browsers.json')
  if (browsersPath === null || !existsSync(file)) return
  const { browsers } = JSON.parse(readFileSync(file, 'utf8')) as { browsers: Array<{ name: string; revision: string }> }
  for (const { name, revision } of browsers) {
    const executable = EXECUTABLES[name]
    const dir = join(browsersPath, `${name.replaceAll('-', '_')}-${revision}`)
    if (executable === undefined || existsSync(join(dir, 'INSTALLATION_COMPLETE'))) continue
    mkdirSync(dir, { recursive: true })
    if (executable) {
      mkdirSync(dirname(join(dir, executable)), { recursive: true })
      writeFileSync(join(dir, executable), CHROMIUM_SCRIPT, { mode: 0o755 })
    }
    writeFileSync(join(dir, 'DEPENDENCIES_VALIDATED'), '')
    writeFileSync(join(dir, 'INSTALLATION_COMPLETE'), '')
  }
}

/** The environment of an app's commands, after giving it the browsers its Playwright wants. */
function appEnv(cwd: string): NodeJS.ProcessEnv {
  provideBrowsers(cwd)
  return { ...env, CI: 'true', ...(browsersPath && { PLAYWRIGHT_BROWSERS_PATH: browsersPath }) }
}

function npm(args: string[], cwd: string, log: string[]): boolean {
  const result = spawnSync('npm', args, { cwd, env: appEnv(cwd), encoding: 'utf8', timeout: TIMEOUT_MS })
  log.push(`$ npm ${args.join(' ')}  (in ${cwd})`, result.stdout ?? '', result.stderr ?? '')
  if (result.error) log.push(String(result.error))
  return result.status === 0
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Deep-merges `patch` into `base`; a null in the patch removes the key. */
function merge(base: Json, patch: Json): Json {
  const out: Json = { ...base }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key]
    else out[key] = isObject(value) && isObject(out[key]) ? merge(out[key], value) : value
  }
  return out
}

interface Variant {
  /** A patch over the app's package.json; a null removes a key. */
  package?: Json
  /** Pins for the packages the guide's `npm install` names: `{ "msw": "msw@~2.15.0" }`. */
  install?: Record<string, string>
}
interface Consumer {
  /** The setup guides whose blocks the app runs, in order, relative to the repository. */
  doc?: string | string[]
  variants?: Record<string, Variant>
}

function consumerOf(app: string): Consumer {
  const file = join(appsDir, app, 'consumer.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Consumer) : {}
}

function variantsOf(app: string): Array<[string | null, Variant]> {
  const variants = Object.entries(consumerOf(app).variants ?? {}).filter(([name]) => name !== '//')
  return variants.length === 0 ? [[null, {}]] : variants
}

/** Writes, merges and runs the guide's blocks in `dir`; false when a command failed. */
function applyDocs(docs: string[], dir: string, tarball: string, variant: Variant, log: string[]): boolean {
  let installed = false
  const blocks = docs.flatMap((doc) => readDocBlocks(join(root, doc)).map((block) => ({ doc, block })))
  for (const { doc, block } of blocks) {
    if (block.title) {
      const target = join(dir, block.title)
      mkdirSync(dirname(target), { recursive: true })
      const text = block.merge
        ? `${JSON.stringify(merge(JSON.parse(readFileSync(target, 'utf8')) as Json, JSON.parse(block.code) as Json), null, 2)}\n`
        : block.code
      writeFileSync(target, text)
      log.push(`# ${doc}:${block.line} -> ${block.title}${block.merge ? ' (merged)' : ''}`)
    }
    if (!block.run) continue
    for (const command of commandsOf(block)) {
      const rewritten = rewriteInstall(command, tarball, variant.install)
      const isInstall = rewritten !== command || /^npm (install|i|add)\b/.test(command)
      if (!sh(isInstall ? `${rewritten} ${INSTALL.slice(1).join(' ')}` : rewritten, dir, log)) return false
      installed ||= isInstall
    }
  }
  return installed || npm(INSTALL, dir, log)
}

function sh(command: string, cwd: string, log: string[]): boolean {
  const result = spawnSync('sh', ['-c', command], {
    cwd,
    env: appEnv(cwd),
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
  })
  log.push(`$ ${command}  (in ${cwd})`, result.stdout ?? '', result.stderr ?? '')
  if (result.error) log.push(String(result.error))
  return result.status === 0
}

/** The harness has built dist/ already; without scripts, prepack's output cannot mix into npm's JSON. */
function pack(into: string): string {
  const result = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', into], {
    cwd: root,
    env,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`npm pack failed:\n${result.stderr}`)
  const [packed] = JSON.parse(result.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>
  if (!packed) throw new Error(`npm pack said nothing useful:\n${result.stdout}`)
  return join(into, basename(packed.filename))
}

function runApp(app: string, variant: string | null, patch: Variant, tarball: string, work: string): Result {
  const label = variant ? `${app} [${variant}]` : app
  const dir = join(work, variant ? `${app}--${variant.replace(/\W+/g, '-')}` : app)
  const started = Date.now()
  const log: string[] = []
  const done = (ok: boolean, step: string): Result => ({
    app: label,
    ok,
    seconds: (Date.now() - started) / 1000,
    step,
    log: log.join('\n'),
  })

  cpSync(join(appsDir, app), dir, { recursive: true, filter: (path) => !SKIP.has(basename(path)) })
  rmSync(join(dir, 'consumer.json'), { force: true })
  const manifest = merge(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Json, patch.package ?? {})
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)

  const { doc } = consumerOf(app)
  const docs = doc === undefined ? [] : [doc].flat()
  const ready = docs.length > 0 ? applyDocs(docs, dir, tarball, patch, log) : npm([...INSTALL, '-D', tarball], dir, log)
  if (!ready) return done(false, 'install')
  return done(npm(['test'], dir, log), 'test')
}

function main(): void {
  const only = process.argv.slice(2)
  const apps = readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(appsDir, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .filter((name) => only.length === 0 || only.includes(name))
    .sort()
  if (apps.length === 0)
    throw new Error(`no apps in ${relative(root, appsDir)}${only.length ? ` named ${only.join(', ')}` : ''}`)

  const given = process.env.CONSUMERS_TARBALL
  if (!given && isStale()) {
    process.stdout.write('dist/ is stale: npm run build:lib\n')
    const built = spawnSync('npm', ['run', 'build:lib'], { cwd: root, stdio: 'inherit', env })
    if (built.status !== 0) process.exit(built.status ?? 1)
  }

  const work = mkdtempSync(join(tmpdir(), 'artefact-mock-consumers-'))
  const results: Result[] = []
  if (!process.env.PLAYWRIGHT_BROWSERS_PATH && existsSync(SYSTEM_CHROMIUM)) {
    browsersPath = join(work, 'playwright-browsers')
    mkdirSync(browsersPath)
  }
  try {
    const tarball = given ? resolve(given) : pack(work)
    process.stdout.write(given ? `using ${tarball}\n` : `packed ${basename(tarball)} into ${work}\n`)
    for (const app of apps) {
      for (const [variant, patch] of variantsOf(app)) {
        process.stdout.write(`- ${app}${variant ? ` [${variant}]` : ''} ...\n`)
        const result = runApp(app, variant, patch, tarball, work)
        results.push(result)
        if (!result.ok) process.stdout.write(`${result.log.split('\n').slice(-80).join('\n')}\n`)
      }
    }
  } finally {
    if (process.env.CONSUMERS_KEEP) process.stdout.write(`kept ${work}\n`)
    else rmSync(work, { recursive: true, force: true })
  }

  const width = Math.max(...results.map((result) => result.app.length), 3)
  const table = [
    `${'app'.padEnd(width)}  ${'result'.padEnd(14)}  seconds`,
    ...results.map(
      ({ app, ok, seconds, step }) =>
        `${app.padEnd(width)}  ${(ok ? 'pass' : `FAIL (${step})`).padEnd(14)}  ${seconds.toFixed(0).padStart(7)}`,
    ),
  ]
  process.stdout.write(`\n${table.join('\n')}\n`)
  if (results.some((result) => !result.ok)) process.exit(1)
}

main()
