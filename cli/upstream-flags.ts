/**
 * `serve`'s flags for a real service behind the mock (`--upstream`, `--mode`, `--mock`, `--har`,
 * `--report`, `--report-format`, `--upstream-timeout`), checked before anything starts, and the
 * report written at exit.
 */
import { writeFileSync } from 'node:fs'
import { junitOf, OPERATION_NAMES } from '../mocks/internal.ts'
import { UPSTREAM_MODES, type DriftStatus, type UpstreamMode, type UpstreamOptions } from './upstream.ts'

/** A flag that cannot work: `serve` exits 2 with the message. */
export class UpstreamFlagError extends Error {}

export interface UpstreamFlags {
  upstream?: string | undefined
  mode?: string | undefined
  mock?: string | undefined
  har?: string | undefined
  report?: string | undefined
  'report-format'?: string | undefined
  'upstream-timeout'?: string | undefined
}

export interface ReportChoice {
  file: string
  format: 'json' | 'junit'
}

const fail = (message: string): never => {
  throw new UpstreamFlagError(message)
}

/** The real service's URL: http or https, no credentials in it. */
function upstreamUrl(text: string): string {
  const url = URL.parse(text)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return fail(`--upstream must be an http:// or https:// URL, not "${text}"`)
  if (url.username || url.password)
    return fail('--upstream must not hold credentials: clients send their own Authorization, which is forwarded')
  if (url.search || url.hash) return fail('--upstream is a base URL: no ?query or #fragment')
  return url.href.replace(/\/+$/, '')
}

/** The upstream options the flags ask for (undefined without `--upstream`), and the report to write. */
export function parseUpstreamFlags(values: UpstreamFlags): {
  upstream: UpstreamOptions | undefined
  report: ReportChoice | undefined
} {
  const needs = (flag: keyof UpstreamFlags, what: string) => {
    if (values[flag] !== undefined) fail(`--${flag} ${what}`)
  }
  if (values.upstream === undefined) {
    for (const flag of ['mode', 'mock', 'har', 'report', 'report-format', 'upstream-timeout'] as const)
      needs(flag, 'needs --upstream <url>: the real service')
    return { upstream: undefined, report: undefined }
  }
  const mode = (values.mode ?? 'proxy') as UpstreamMode
  if (!UPSTREAM_MODES.includes(mode)) fail(`--mode must be one of ${UPSTREAM_MODES.join(', ')}, not "${values.mode}"`)
  if (mode !== 'hybrid') needs('mock', 'is for --mode hybrid (the operations the mock answers)')
  if (mode !== 'record') needs('har', 'is for --mode record')
  if (mode === 'record' && !values.har) fail('--mode record needs --har <file>: where the exchanges are written')
  const mock = values.mock
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const unknown = mock?.filter((name) => !(OPERATION_NAMES as readonly string[]).includes(name)) ?? []
  if (unknown.length > 0)
    fail(
      `--mock: no operation ${unknown.map((name) => `"${name}"`).join(', ')}; the operations are ${OPERATION_NAMES.join(', ')}`,
    )
  const format = values['report-format'] ?? 'json'
  if (format !== 'json' && format !== 'junit') fail(`--report-format must be json or junit, not "${format}"`)
  if (values['report-format'] !== undefined && !values.report) fail('--report-format needs --report <file>')
  if (values.report === '') fail('--report needs a file name')
  const timeout = values['upstream-timeout']
  if (timeout !== undefined && (!/^\d+$/.test(timeout) || Number(timeout) < 1))
    fail(`--upstream-timeout must be a whole number of milliseconds of at least 1, not "${timeout}"`)
  return {
    upstream: {
      url: upstreamUrl(values.upstream),
      mode,
      ...(mock && { mock }),
      ...(values.har && { har: values.har }),
      ...(timeout !== undefined && { timeoutMs: Number(timeout) }),
    },
    report: values.report ? { file: values.report, format: format as ReportChoice['format'] } : undefined,
  }
}

/** Writes the report at exit, as JSON (what `GET /__mock/drift` answers) or JUnit XML. */
export function writeReport(choice: ReportChoice, report: DriftStatus) {
  writeFileSync(choice.file, choice.format === 'junit' ? junitOf(report) : `${JSON.stringify(report, null, 2)}\n`)
}
