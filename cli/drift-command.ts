/**
 * `artefact-preview-mock drift check <traffic.har>` (contract §13): recorded traffic judged by
 * the same checker as the `--upstream` modes. A HAR from the record mode, from a browser's
 * devtools or Playwright's `recordHar`, or from the explorer's export.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import {
  checkExchange,
  driftCollector,
  exchangesOfHar,
  junitOf,
  NotAHar,
  summaryLine,
  worstOf,
} from '../mocks/internal.ts'

export const DRIFT_USAGE = `Usage: artefact-preview-mock drift check <traffic.har> [--format json|junit] [--fail-on error|warn]

Checks recorded traffic (HAR 1.2: from serve --mode record, a browser's devtools, Playwright's recordHar
or the explorer's export) against the spec, as serve --upstream does, and prints the report.

  --format json|junit   the report on stdout: JSON (default), or JUnit XML for CI
  --fail-on error|warn  exit 1 when a finding reaches this level (default error; extra fields are warnings)

Exit status: 0 clean (below the level), 1 a finding at the level, 2 a file that cannot be read or is no HAR.
`

interface Streams {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

/** Runs `drift <argv>`; the exit status. */
export function drift(argv: string[], { stdout, stderr }: Streams = process): number {
  const usage = (message: string) => {
    stderr.write(`artefact-preview-mock: ${message}\n${DRIFT_USAGE.split('\n')[0]} (--help for more)\n`)
    return 2
  }
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error))
  }
  const { values, positionals } = parsed
  if (values.help) {
    stdout.write(DRIFT_USAGE)
    return 0
  }
  if (positionals[0] !== 'check' || positionals.length !== 2)
    return usage('say what to check: drift check <traffic.har>')
  if (values.format !== 'json' && values.format !== 'junit')
    return usage(`--format must be json or junit, not "${values.format}"`)
  if (values['fail-on'] !== 'error' && values['fail-on'] !== 'warn')
    return usage(`--fail-on must be error or warn, not "${values['fail-on']}"`)
  const file = positionals[1] as string
  let exchanges: ReturnType<typeof exchangesOfHar>
  try {
    exchanges = exchangesOfHar(JSON.parse(readFileSync(file, 'utf8')))
  } catch (error) {
    const why =
      error instanceof NotAHar || error instanceof SyntaxError
        ? `${error instanceof SyntaxError ? 'not JSON' : error.message}`
        : (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'no such file'
          : error instanceof Error
            ? error.message
            : String(error)
    stderr.write(`artefact-preview-mock: cannot check ${file}: ${why}\n`)
    return 2
  }
  const collector = driftCollector()
  for (const exchange of exchanges.exchanges) collector.add(checkExchange(exchange))
  const report = collector.report()
  stdout.write(values.format === 'junit' ? junitOf(report) : `${JSON.stringify(report, null, 2)}\n`)
  const unanswered = exchanges.unanswered > 0 ? `; ${exchanges.unanswered} request(s) got no answer` : ''
  stderr.write(`${summaryLine(report)} over ${exchanges.exchanges.length} exchange(s)${unanswered}\n`)
  const worst = worstOf(report)
  return worst === 'error' || (worst === 'warn' && values['fail-on'] === 'warn') ? 1 : 0
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'json' },
      'fail-on': { type: 'string', default: 'error' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
}
