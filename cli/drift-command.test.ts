// `drift check` on recorded traffic: a HAR written by serve --mode record (the round trip through
// the CLI), and one exported by the explorer; exit statuses and formats; --report at exit.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { Exchange } from '../src/app/model.ts'
import { toHar } from '../src/features/network-log/har.ts'
import { drift } from './drift-command.ts'
import { type FakeUpstream, startFakeUpstream } from './test-fake-upstream.ts'
import { cli, serve } from './test-support.ts'
import { CALLS, proxied } from './test-upstream.ts'

const running = new Set<ChildProcess>()
const fakes: FakeUpstream[] = []
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL')
  await Promise.all(fakes.map((fake) => fake.close()))
})
const dir = mkdtempSync(join(tmpdir(), 'drift-check-'))

/** Runs `drift ...argv` in this process: the exit status and what it printed. */
function check(...argv: string[]) {
  let stdout = ''
  let stderr = ''
  const status = drift(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  })
  return { status, stdout, stderr }
}

/** Sends every call of CALLS to `url`, with a credential and a cookie. */
async function sendAll(url: string) {
  for (const calls of Object.values(CALLS))
    for (const { method, path, body, headers } of calls as Array<{
      method: string
      path: string
      body?: unknown
      headers?: Record<string, string>
    }>)
      await fetch(`${url}${path}`, {
        method,
        headers: {
          Authorization: 'Bearer s3cret',
          Cookie: 'sid=s3cret',
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }).then((res) => res.arrayBuffer())
}

describe('serve --mode record, then drift check on its HAR (the CLI both ways)', { timeout: 30_000 }, () => {
  test.each([
    { drift: [], status: 0, kinds: [] },
    { drift: ['extra-field'], status: 0, kinds: ['extra'], warn: 1 },
    { drift: ['missing-field', 'extra-field'], status: 1, kinds: ['missing', 'extra'] },
  ] as const)('upstream drift $drift: exit $status', async (seeded) => {
    const fake = await startFakeUpstream({ drift: seeded.drift })
    fakes.push(fake)
    const har = join(dir, `${seeded.drift.join('-') || 'clean'}.har`)
    const server = await serve(running, '--upstream', fake.url, '--mode', 'record', '--har', har)
    await sendAll(server.url)
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
    const text = readFileSync(har, 'utf8')
    expect(text).not.toContain('s3cret')
    expect(JSON.parse(text).log.entries).toHaveLength(9)
    const offline = cli(running, 'drift', 'check', har)
    expect(await offline.exit).toBe(seeded.status)
    const report = JSON.parse(offline.stdout())
    expect([...new Set(report.findings.map((f: { kind: string }) => f.kind))]).toEqual(seeded.kinds)
    expect(offline.stderr()).toMatch(/^\[artefact-mock\] drift: .* over 9 exchange\(s\)\n$/)
    if ('warn' in seeded) expect(check('check', har, '--fail-on', 'warn').status).toBe(seeded.warn)
  })
})

test('serve --report with --report-format junit writes the report at exit', { timeout: 30_000 }, async () => {
  const fake = await startFakeUpstream({ drift: ['wrong-content-type'] })
  fakes.push(fake)
  const report = join(dir, 'drift.xml')
  const server = await serve(running, '--upstream', fake.url, '--report', report, '--report-format', 'junit')
  await sendAll(server.url)
  server.child.kill('SIGINT')
  expect(await server.exit).toBe(0)
  expect(server.stderr()).toMatch(/\[artefact-mock\] drift: 1 error, 0 warnings \(createArtefact content-type x1\)\n/)
  const xml = readFileSync(report, 'utf8')
  expect(xml).toContain('<testsuite name="drift" tests="3" failures="3">')
  expect(xml).toContain('<testcase classname="drift.getArtefact" name="content-type">')
  expect(xml).not.toContain('s3cret')
})

test("drift check reads the explorer's own HAR export", async () => {
  const proxy = await proxied({ mode: 'proxy' }, { drift: ['retype-field'] })
  const exchanges: Exchange[] = []
  for (const calls of Object.values(CALLS))
    for (const { method, path, body } of calls as Array<{ method: string; path: string; body?: unknown }>) {
      const url = `${proxy.server.url}${path}`
      const requestBody = body === undefined ? null : JSON.stringify(body)
      const res = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(requestBody && { body: requestBody }),
      })
      exchanges.push({
        id: String(exchanges.length),
        at: Date.now(),
        operation: null,
        request: { method, url, headers: [['Content-Type', 'application/json']], body: requestBody },
        response: { status: res.status, statusText: res.statusText, headers: [...res.headers], body: await res.text() },
        failure: null,
        durationMs: 1,
        source: 'explorer',
      })
    }
  const file = join(dir, 'explorer.har')
  writeFileSync(file, JSON.stringify(toHar(exchanges)))
  const result = check('check', file)
  expect(result.status).toBe(1)
  expect(
    JSON.parse(result.stdout).findings.map((f: { operation: string; kind: string }) => `${f.operation} ${f.kind}`),
  ).toEqual(['createArtefact type', 'createCategory type', 'getArtefact type'])
})

describe('exit 2 on a file it cannot read, and on a wrong flag', () => {
  test.each([
    ['no such file', join(dir, 'absent.har'), /cannot check .*absent\.har: no such file/],
    ['not JSON', 'not json', /: not JSON$/m],
    ['JSON but no HAR', '{"entries":[]}', /not a HAR 1\.2 file: no log\.entries array/],
  ])('%s', (_, content, message) => {
    const file = content.startsWith('/') ? content : join(dir, `${content.length}.har`)
    if (!content.startsWith('/')) writeFileSync(file, content)
    const result = check('check', file)
    expect(result.status).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(result.stdout).toBe('')
  })

  test('a format or level it does not know, or no file', () => {
    expect(check('check', 'x.har', '--format', 'xml').stderr).toMatch(/--format must be json or junit/)
    expect(check('check', 'x.har', '--fail-on', 'info').status).toBe(2)
    expect(check('check').status).toBe(2)
    expect(check('--help').stdout).toMatch(/^Usage: artefact-preview-mock drift check/)
  })
})
