import type { ChildProcess } from 'node:child_process'
import { afterAll, expect, test } from 'vitest'
import { cli } from './test-support.ts'
import { parseUpstreamFlags } from './upstream-flags.ts'

const running = new Set<ChildProcess>()
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
})

test('the flags make the options: proxy by default, the base URL without a trailing slash', () => {
  expect(parseUpstreamFlags({ upstream: 'https://staging.example.test/api/' })).toEqual({
    upstream: { url: 'https://staging.example.test/api', mode: 'proxy' },
    report: undefined,
  })
  expect(
    parseUpstreamFlags({
      upstream: 'http://127.0.0.1:9090',
      mode: 'hybrid',
      mock: 'getArtefact, createCategory',
      report: 'drift.xml',
      'report-format': 'junit',
      'upstream-timeout': '2500',
    }),
  ).toEqual({
    upstream: {
      url: 'http://127.0.0.1:9090',
      mode: 'hybrid',
      mock: ['getArtefact', 'createCategory'],
      timeoutMs: 2500,
    },
    report: { file: 'drift.xml', format: 'junit' },
  })
  expect(parseUpstreamFlags({})).toEqual({ upstream: undefined, report: undefined })
})

test.each([
  [{ mode: 'proxy' }, '--mode needs --upstream <url>: the real service'],
  [{ upstream: 'ftp://x.test' }, '--upstream must be an http:// or https:// URL, not "ftp://x.test"'],
  [{ upstream: 'https://me:pw@x.test' }, /^--upstream must not hold credentials/],
  [{ upstream: 'https://x.test', mode: 'mirror' }, '--mode must be one of proxy, hybrid, shadow, record, not "mirror"'],
  [
    { upstream: 'https://x.test', mock: 'getArtefact' },
    '--mock is for --mode hybrid (the operations the mock answers)',
  ],
  [
    { upstream: 'https://x.test', mode: 'hybrid', mock: 'getArtifact' },
    /^--mock: no operation "getArtifact"; the operations are /,
  ],
  [{ upstream: 'https://x.test', mode: 'record' }, '--mode record needs --har <file>: where the exchanges are written'],
  [{ upstream: 'https://x.test', har: 'x.har' }, '--har is for --mode record'],
  [{ upstream: 'https://x.test', 'report-format': 'junit' }, '--report-format needs --report <file>'],
  [
    { upstream: 'https://x.test', report: 'r', 'report-format': 'xml' },
    '--report-format must be json or junit, not "xml"',
  ],
  [{ upstream: 'https://x.test', 'upstream-timeout': '0' }, /^--upstream-timeout must be a whole number/],
])('%j is refused', (flags, message) => {
  expect(() => parseUpstreamFlags(flags)).toThrow(message)
})

test('serve exits 2 naming the flag; --help lists the modes and the offline command', async () => {
  const refused = cli(running, 'serve', '--port', '0', '--upstream', 'http://127.0.0.1:1', '--mode', 'record')
  expect(await refused.exit).toBe(2)
  expect(refused.stderr()).toMatch(/^artefact-preview-mock: --mode record needs --har <file>/)
  const help = cli(running, '--help')
  expect(await help.exit).toBe(0)
  expect(help.stdout()).toMatch(/--mode MODE {12}proxy \(default\)/)
  expect(help.stdout()).toContain('artefact-preview-mock drift check <traffic.har>')
})
