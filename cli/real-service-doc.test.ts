// docs/real-service.md run as written, section by section, against a fake real service with
// seeded drift (a missing field and an extra one): a `serve` line starts the server (the
// reader's first terminal) and the section's other lines run against it; at the end of the
// section it gets Ctrl+C. A comment that starts with a status is the status a curl line gets,
// `# exits N` the exit status of a command; the report the proxy section writes is its JSON block,
// and the summary lines it shows are on the server's stderr.
import { type ChildProcess, execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { commandsOf, type DocBlock, parseDocBlocks } from '../consumers/doc-blocks.ts'
import { type FakeUpstream, startFakeUpstream } from './test-fake-upstream.ts'
import { cli } from './test-support.ts'

const PAGE = join(import.meta.dirname, '../docs/real-service.md')
const MAIN = join(import.meta.dirname, 'main.ts')
const DOC_ORIGIN = 'http://127.0.0.1:8787'
const DOC_UPSTREAM = 'https://staging.example.test'
const SERVE = 'npx artefact-preview-mock serve '

const text = readFileSync(PAGE, 'utf8')
/** The page's sections, each with its shell blocks and its JSON blocks, in order. */
const sections = text
  .split(/\n(?=## )/)
  .slice(1)
  .map((part) => {
    const blocks = parseDocBlocks(part)
    return {
      title: part.slice(3, part.indexOf('\n')),
      shell: blocks.filter((block: DocBlock) => block.lang === 'sh').flatMap(commandsOf),
      json: blocks.filter((block: DocBlock) => block.lang === 'json').map((block) => block.code),
      // The summary lines the page shows on stderr.
      stderr: blocks
        .filter((block: DocBlock) => block.lang === 'text' && block.code.startsWith('[artefact-mock] drift:'))
        .flatMap((block) => block.code.trim().split('\n')),
    }
  })
  .filter((section) => section.shell.length > 0)

const running = new Set<ChildProcess>()
let upstream: FakeUpstream
const cwd = mkdtempSync(join(tmpdir(), 'real-service-doc-'))
beforeAll(async () => {
  upstream = await startFakeUpstream({ drift: ['missing-field', 'extra-field'] })
})
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL')
  await upstream.close()
})

/** A line as it runs here: this repo's CLI, the fake real service, the server's own address. */
const localized = (line: string, origin: string) =>
  line
    .replaceAll('npx artefact-preview-mock', `${JSON.stringify(process.execPath)} ${JSON.stringify(MAIN)}`)
    .replaceAll(DOC_UPSTREAM, upstream.url)
    .replaceAll(DOC_ORIGIN, origin)

async function sh(script: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)('sh', ['-c', script], { cwd, encoding: 'utf8', timeout: 20_000 })
    return { code: 0, stdout }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string }
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '' }
  }
}

/** Starts the section's `serve` line with --port 0 and waits for its address. */
async function start(line: string) {
  const args = localized(line.slice(SERVE.length), DOC_ORIGIN).split(/\s+/)
  // The files it writes land where the section's other lines run.
  const placed = args.map((arg, at) => (['--har', '--report'].includes(args[at - 1] ?? '') ? join(cwd, arg) : arg))
  const started = cli(running, 'serve', ...placed, '--port', '0')
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const found = /listening on (http:\/\/\S+)/.exec(started.stdout())
      if (found?.[1]) resolve(found[1])
    }
    started.child.stdout?.on('data', look)
    started.exit.then((code) => reject(new Error(`exited ${code}: ${started.stderr()}`)))
  })
  return { ...started, url, args: placed }
}

describe('docs/real-service.md, run as written', { timeout: 60_000 }, () => {
  test('has a section per mode and the offline command', () => {
    expect(sections.map((section) => section.title.split(':')[0])).toEqual([
      'Proxy',
      'Hybrid',
      'Shadow',
      'Record',
      'Offline',
    ])
  })

  // In order: the offline section checks the HAR the record section wrote.
  for (const section of sections)
    test(section.title, async () => {
      const serveLine = section.shell.find((line) => line.startsWith(SERVE))
      const server = serveLine ? await start(serveLine) : null
      const assignments: string[] = []
      for (const line of section.shell) {
        if (line === serveLine) continue
        const at = line.indexOf(' # ')
        const command = localized(at < 0 ? line : line.slice(0, at), server?.url ?? DOC_ORIGIN)
        const comment = at < 0 ? '' : line.slice(at + 3)
        if (/^[A-Z]+=\S+$/.test(command)) {
          assignments.push(command)
          continue
        }
        const isCurl = command.startsWith('curl ')
        const script = [...assignments, isCurl ? `${command} -s -o /dev/null -w '%{http_code}'` : command].join('\n')
        const result = await sh(script)
        if (isCurl) {
          const status = /^(\d{3})\b/.exec(comment)?.[1]
          if (status) expect(result.stdout, line).toBe(status)
          else expect(result.stdout, line).toMatch(/^2\d\d$/)
        } else expect(result.code, line).toBe(Number(/^exits (\d+)/.exec(comment)?.[1] ?? 0))
      }
      if (!server) return
      server.child.kill('SIGINT')
      expect(await server.exit).toBe(0)
      const named = (flag: string) => server.args[server.args.indexOf(flag) + 1] as string
      for (const summary of section.stderr) expect(server.stderr()).toContain(`${summary}\n`)
      if (server.args.includes('--har')) expect(existsSync(named('--har'))).toBe(true)
      if (server.args.includes('--report')) {
        const written = JSON.parse(readFileSync(named('--report'), 'utf8'))
        expect(section.json).toHaveLength(1)
        const shown = JSON.parse(section.json[0] as string)
        const comparable = (report: typeof shown) => ({
          ...report,
          upstream: report.upstream === upstream.url ? DOC_UPSTREAM : report.upstream,
          ignored: [],
          // What the real service says in an extra field is its own: the example shows another value.
          findings: report.findings.map((f: { kind: string; actual: string; example: { value?: unknown } }) =>
            f.kind === 'extra' ? { ...f, actual: '…', example: { ...f.example, value: '…' } } : f,
          ),
        })
        expect(comparable(written)).toEqual(comparable(shown))
      }
    })
})
