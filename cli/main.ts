#!/usr/bin/env node
/**
 * `artefact-preview-mock serve`: the mock over real HTTP (see http-server.ts).
 * Runs as `node cli/main.ts` and, compiled, as the package's bin.
 */
import { parseArgs } from 'node:util'
import { createControl, type MockControlOptions } from '../mocks/control.ts'
import { PREFIX } from '../mocks/handlers/scope.ts'
import { ADMIN_PREFIX, startHttpServer } from './http-server.ts'

const USAGE = `Usage: artefact-preview-mock serve [options]

Serves the Artefact preview mock over HTTP, with its static data set.

Options:
  --port N               port to listen on (default 8787; 0 picks a free one)
  --host HOST            address to listen on (default 127.0.0.1, this machine only)
  --maintenance          start in maintenance mode (every request 503)
  --quota N              calls allowed before 403
  --rate N/SECONDS       at most N calls per window of SECONDS, else 429 (e.g. 10/60)
  --latency MS|MIN-MAX   delay every answer by MS, or by a random MIN to MAX, in ms
  --base-url URL         the address clients use (links point there; a path such as /api prefixes the mock's)
  -h, --help             show this help

Admin paths (JSON): GET ${ADMIN_PREFIX}/state, PATCH ${ADMIN_PREFIX}/settings, POST ${ADMIN_PREFIX}/reset, POST ${ADMIN_PREFIX}/force
`

class UsageError extends Error {}

const int = (name: string, text: string, min = 0) => {
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`--${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${text}"`)
  return Number(text)
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      maintenance: { type: 'boolean', default: false },
      quota: { type: 'string' },
      rate: { type: 'string' },
      latency: { type: 'string' },
      'base-url': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return { help: true as const }
  if (positionals.length !== 1 || positionals[0] !== 'serve') {
    throw new UsageError(positionals.length === 0 ? 'say what to do: serve' : `unknown command "${positionals.join(' ')}"; the command is serve`)
  }
  const port = int('port', values.port)
  if (port > 65535) throw new UsageError(`--port must be at most 65535, not ${port}`)
  const settings: MockControlOptions = { maintenance: values.maintenance }
  if (values.quota !== undefined) settings.quota = int('quota', values.quota)
  if (values.rate !== undefined) {
    const [calls, seconds, extra] = values.rate.split('/')
    if (calls === undefined || seconds === undefined || extra !== undefined) throw new UsageError(`--rate must be N/SECONDS (e.g. 10/60), not "${values.rate}"`)
    settings.rateLimit = { calls: int('rate', calls, 1), windowSeconds: int('rate', seconds, 1) }
  }
  if (values.latency !== undefined) {
    const [min, max, extra] = values.latency.split('-')
    if (min === undefined || extra !== undefined) throw new UsageError(`--latency must be MS or MIN-MAX, not "${values.latency}"`)
    settings.latency = max === undefined
      ? { mode: 'fixed', ms: int('latency', min) }
      : { mode: 'range', minMs: int('latency', min), maxMs: int('latency', max) }
  }
  return { help: false as const, port, host: values.host, baseUrl: values['base-url'], settings }
}

function fail(message: string, code: number): never {
  process.stderr.write(`artefact-preview-mock: ${message}\n`)
  process.exit(code)
}

async function main(argv: string[]): Promise<void> {
  let options: ReturnType<typeof parse>
  let control: ReturnType<typeof createControl>
  try {
    options = parse(argv)
    if (options.help) {
      process.stdout.write(USAGE)
      return
    }
    control = createControl(options.settings)
  } catch (error) {
    const message = error instanceof Error && 'issues' in error
      ? (error as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
      : error instanceof Error ? error.message : String(error)
    fail(`${message}\n${USAGE.split('\n')[0]} (--help for more)`, 2)
  }

  const { port, host, baseUrl } = options
  const server = await startHttpServer({
    port,
    host,
    control,
    ...(baseUrl !== undefined && { baseUrl }),
    onError: (error) => process.stderr.write(`[artefact-mock] a handler failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') fail(`port ${port} is in use; pick another with --port`, 1)
    if (error.code === 'EACCES') fail(`port ${port} needs privileges on ${host}; pick another with --port`, 1)
    fail(`cannot listen on ${host}:${port}: ${error.message}`, 1)
  })

  // Signals first: whoever waits for the line below may stop the server at once.
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(0) // a second signal: do not wait for answers in flight
    stopping = true
    process.stderr.write(`artefact-preview-mock: ${signal}, closing\n`)
    server.close().then(
      () => process.exit(0),
      (error: unknown) => fail(`closing failed: ${error instanceof Error ? error.message : String(error)}`, 1),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  const base = baseUrl && /^[a-z][a-z0-9+.-]*:/i.test(baseUrl) ? baseUrl.replace(/\/+$/, '') : `${server.url}${baseUrl?.replace(/\/+$/, '') ?? ''}`
  process.stdout.write(
    `artefact-preview-mock listening on ${server.url}\n` +
      `  POST ${base}${PREFIX}/resources/artefact[?isDraft=true]\n` +
      `  POST ${base}${PREFIX}/resources/artefactcategory\n` +
      `  GET  ${base}${PREFIX}/resources/artefact/{id}\n` +
      `admin: GET ${server.url}${ADMIN_PREFIX}/state · PATCH ${ADMIN_PREFIX}/settings · POST ${ADMIN_PREFIX}/reset · POST ${ADMIN_PREFIX}/force\n` +
      'Ctrl+C stops it.\n',
  )
}

await main(process.argv.slice(2))
