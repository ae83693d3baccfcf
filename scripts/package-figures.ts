/**
 * `node scripts/package-figures.ts`: the figures of docs/package.md, measured the way a user gets them.
 *
 *   1. `npm run build:lib`, then `npm pack --json` (the same JSON `npm pack --dry-run --json` prints):
 *      the tarball's size, its files, their unpacked size and the share of source maps.
 *   2. A fresh Vite React app (`npm create -y vite@latest app -- --template react-ts --no-interactive`,
 *      `npm install`), then the README's install line with the packed tarball in place of the
 *      package's name: the packages npm says it added, and what node_modules grew by, in bytes of
 *      files and on disk (what `du -sk` counts).
 *
 * Prints the figures as a markdown table. Needs the npm registry. `--keep` keeps the temp folder.
 */
import { spawnSync } from 'node:child_process'
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseDocBlocks, rewriteInstall } from '../consumers/doc-blocks.ts'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const QUIET = ['--no-audit', '--no-fund']

/** npm's own variables from an `npm run` around us would leak this repo's settings into the app. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')))

function sh(command: string, cwd: string): string {
  const result = spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) throw new Error(`\`${command}\` failed in ${cwd}:\n${result.stderr}`)
  return result.stdout
}

interface Packed {
  filename: string
  size: number
  unpackedSize: number
  entryCount: number
  files: Array<{ path: string; size: number }>
}

/** The line of the README's "Use it in your app" that installs the package. */
function readmeInstallLine(): string {
  const blocks = parseDocBlocks(readFileSync(join(root, 'README.md'), 'utf8'))
  const line = blocks
    .filter((block) => block.lang === 'sh')
    .flatMap((block) => block.code.split('\n'))
    .find((text) => /^npm (install|i|add)\b.*\bartefact-preview-mock\b/.test(text.trim()))
  if (!line) throw new Error('README.md has no `npm install ... artefact-preview-mock` line')
  return line.trim()
}

interface Size {
  bytes: number
  disk: number
}

/** Bytes of files and bytes on disk (st_blocks, what `du` counts) under `dir`; `skip` names folders left out. */
function sizeOf(dir: string, skip = new Set<string>()): Size {
  const total = { bytes: 0, disk: 0 }
  const walk = (path: string): void => {
    const stat = lstatSync(path)
    total.disk += stat.blocks * 512
    if (!stat.isDirectory()) {
      total.bytes += stat.size
      return
    }
    for (const name of readdirSync(path)) if (!skip.has(name)) walk(join(path, name))
  }
  walk(dir)
  return total
}

/** Every installed package's folder, as `npm ls` lists them (the app itself left out). */
function installed(app: string): Set<string> {
  const result = spawnSync('npm', ['ls', '--all', '--parseable'], { cwd: app, env, encoding: 'utf8' })
  return new Set(result.stdout.split('\n').filter((path) => path.includes('node_modules')))
}

const kB = (bytes: number) => `${Math.round(bytes / 1000)} kB`
const MB = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

function main(): void {
  const keep = process.argv.includes('--keep')
  sh('npm run build:lib', root)
  const work = mkdtempSync(join(tmpdir(), 'artefact-mock-figures-'))
  try {
    const [packed] = JSON.parse(sh(`npm pack --json --ignore-scripts --pack-destination ${work}`, root)) as Packed[]
    if (!packed) throw new Error('npm pack printed no package')
    const tarball = join(work, basename(packed.filename))
    const maps = packed.files.filter((file) => file.path.endsWith('.map'))
    const mapBytes = maps.reduce((sum, file) => sum + file.size, 0)

    sh('npm create -y vite@latest app -- --template react-ts --no-interactive', work)
    const app = join(work, 'app')
    sh(`npm install ${QUIET.join(' ')}`, app)
    const before = installed(app)
    const sizeBefore = sizeOf(join(app, 'node_modules'))
    const line = readmeInstallLine()
    const out = sh(`${rewriteInstall(line, tarball)} ${QUIET.join(' ')}`, app)
    const added = /added (\d+) packages?/.exec(out)?.[1] ?? '?'
    const sizeAfter = sizeOf(join(app, 'node_modules'))

    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/artefact-preview-mock/package.json'), 'utf8'))
    const own = new Set(['artefact-preview-mock', ...Object.keys(manifest.dependencies ?? {})])
    const news = [...installed(app)].filter((path) => !before.has(path))
    const ownPaths = news.filter((path) => own.has(basename(path)))
    const sum = (paths: string[]) =>
      paths.reduce((total, path) => total + sizeOf(path, new Set(['node_modules'])).bytes, 0)
    const ownBytes = sum(ownPaths)
    const rest = news.filter((path) => !own.has(basename(path)))

    const rows = [
      ['tarball', kB(packed.size), '`npm pack --json`: size'],
      ['files in it', String(packed.entryCount), '`npm pack --json`: entryCount'],
      ['unpacked', MB(packed.unpackedSize), '`npm pack --json`: unpackedSize'],
      [
        'source maps',
        `${Math.round((100 * mapBytes) / packed.unpackedSize)} % (${maps.length} files, ${MB(mapBytes)})`,
        'the `.map` files of `npm pack --json`: files',
      ],
      ['install line', `\`${line}\``, "README.md's"],
      ['packages added', added, "npm's `added N packages` after the scaffold's `npm install`"],
      [
        'node_modules grew by',
        `${MB(sizeAfter.bytes - sizeBefore.bytes)} of files, ${MB(sizeAfter.disk - sizeBefore.disk)} on disk`,
        'file sizes summed, and blocks on disk (`du -sk node_modules`), before and after',
      ],
      [
        'of which the package and its dependencies',
        `${ownPaths.length} packages, ${MB(ownBytes)}: ${ownPaths.map((path) => basename(path)).join(', ')}`,
        'file sizes of those folders',
      ],
      [
        'of which msw and its dependencies',
        `${rest.length} packages, ${MB(sum(rest))}`,
        'the other added folders (`npm ls --all --parseable`, before and after)',
      ],
    ]
    process.stdout.write(
      `| figure | value | how |\n| --- | --- | --- |\n${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}\n`,
    )
  } finally {
    if (keep) process.stdout.write(`kept ${work}\n`)
    else rmSync(work, { recursive: true, force: true })
  }
}

main()
