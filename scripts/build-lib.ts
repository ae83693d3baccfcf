/**
 * `npm run build:lib`: the package's dist/, ESM with .d.ts.
 *   dist/mocks/, dist/cli/   tsc -p tsconfig.lib.json (., ./browser, ./node, ./playwright, the bin)
 *   dist/panel/index.js      vite build -c vite.lib.config.ts (./panel; React, CSS injected by the panel)
 *   dist/src/**.d.ts         tsc -p tsconfig.panel.json (the panel's declarations)
 * Only these folders are replaced: the explorer's own `vite build` also writes to dist/.
 * An entry whose source is not there yet is skipped with a warning; `--strict` makes that an error.
 * `--if-stale` builds only when a source is newer than dist/ (`npm pack` runs it as "prepack").
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const dist = join(root, 'dist')
const strict = process.argv.includes('--strict')
const bin = (name: string) => join(root, 'node_modules/.bin', name)
const run = (command: string, args: string[]) => execFileSync(bin(command), args, { cwd: root, stdio: 'inherit' })

/** The package's entry points and the sources they are built from. */
export const ENTRIES = [
  { entry: '.', source: 'mocks/index.ts', built: 'dist/mocks/index.js' },
  { entry: './browser', source: 'mocks/browser.ts', built: 'dist/mocks/browser.js' },
  { entry: './node', source: 'mocks/node.ts', built: 'dist/mocks/node.js' },
  { entry: './playwright', source: 'mocks/playwright.ts', built: 'dist/mocks/playwright.js' },
  { entry: './panel', source: 'src/panel/index.tsx', built: 'dist/panel/index.js' },
  { entry: 'bin', source: 'cli/main.ts', built: 'dist/cli/main.js' },
  { entry: './openapi.json', source: 'openapi.json', built: 'openapi.json' },
] as const

function files(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
    item.isDirectory() ? files(join(dir, item.name)) : [join(dir, item.name)],
  )
}

/** The panel's declarations name mocks/ by the package-internal `#mocks/*`; in the package they live in dist/mocks/. */
function pointPanelTypesAtDist(): void {
  for (const file of files(join(dist, 'src')).filter((path) => path.endsWith('.d.ts'))) {
    const text = readFileSync(file, 'utf8')
    const toMocks = relative(join(file, '..'), join(dist, 'mocks'))
    const fixed = text.replace(/(['"])#mocks\//g, (_, quote: string) => `${quote}${toMocks}/`)
    if (fixed !== text) writeFileSync(file, fixed)
  }
  writeFileSync(join(dist, 'panel/index.d.ts'), "export * from '../src/panel/index.js'\n")
}

/** Every package the built JS imports must be one the package declares: a user's install has nothing else. */
export function checkImports(): void {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ])
  const packageOf = (specifier: string) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/')
  const built = ['mocks', 'cli', 'panel']
    .flatMap((folder) => files(join(dist, folder)))
    .filter((file) => file.endsWith('.js'))
  const undeclared = built.flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g,
      ),
    ]
      .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
      .filter(
        (specifier) =>
          !specifier.startsWith('.') && !specifier.startsWith('node:') && !declared.has(packageOf(specifier)),
      )
      .map((specifier) => `${relative(root, file)}: ${specifier}`),
  )
  if (undeclared.length > 0)
    throw new Error(`[build:lib] the build imports packages the package does not declare:\n${undeclared.join('\n')}`)
}

function build(): void {
  const missing = ENTRIES.filter(({ source }) => !existsSync(join(root, source)))
  for (const { entry, source } of missing) {
    const message = `[build:lib] ${source} is not there yet: ${entry} is not built`
    if (strict) throw new Error(message)
    process.stderr.write(`${message}\n`)
  }
  for (const folder of ['mocks', 'cli', 'panel', 'src']) rmSync(join(dist, folder), { recursive: true, force: true })

  run('tsc', ['-p', 'tsconfig.lib.json'])
  if (existsSync(join(root, 'src/panel/index.tsx'))) {
    run('vite', ['build', '-c', 'vite.lib.config.ts'])
    run('tsc', ['-p', 'tsconfig.panel.json'])
    pointPanelTypesAtDist()
  }
  checkImports()
  for (const { entry, source, built } of ENTRIES) {
    if (existsSync(join(root, source)) && !existsSync(join(root, built)))
      throw new Error(`[build:lib] ${entry}: ${built} was not built`)
  }
}

/** The newest modification time (ms) among the sources of the package and its build set-up. */
export function newestSource(): number {
  const inputs = [
    'mocks',
    'cli',
    'src',
    'openapi.json',
    'package.json',
    'tsconfig.json',
    'tsconfig.lib.json',
    'tsconfig.panel.json',
    'vite.lib.config.ts',
    'scripts/build-lib.ts',
  ]
  return Math.max(
    ...inputs.flatMap((input) => {
      const path = join(root, input)
      if (!existsSync(path)) return []
      return statSync(path).isDirectory() ? files(path).map((file) => statSync(file).mtimeMs) : [statSync(path).mtimeMs]
    }),
  )
}

/** True when dist/ is missing an entry or is older than a source. */
export function isStale(): boolean {
  const built = ENTRIES.filter(({ source }) => existsSync(join(root, source))).map(({ built }) => join(root, built))
  if (built.some((path) => !existsSync(path))) return true
  return (
    Math.min(...built.filter((path) => path.startsWith(dist)).map((path) => statSync(path).mtimeMs)) < newestSource()
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--if-stale') && !isStale()) process.stderr.write('[build:lib] dist/ is up to date\n')
    else build()
  } catch (error) {
    // A failed tool has printed its own errors; say which step stopped the build.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}
