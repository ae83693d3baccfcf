#!/usr/bin/env node
/**
 * `artefact-preview-mock serve`: the mock over real HTTP (see http-server.ts).
 * Runs as `node cli/main.ts` and, compiled, as the package's bin.
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import {
  createControl,
  DEFAULT_SETTINGS,
  type MockControlOptions,
  MockSettings,
  PREFIX,
  type Store,
} from '../mocks/index.ts'
import { isLoopback } from './host-check.ts'
import { ADMIN_PREFIX, startHttpServer } from './http-server.ts'
import { watchLauncher } from './launcher.ts'
import { ENGLISH } from '../mocks/internal.ts'
import { DEFAULT_LIMITS, HttpLimits } from './limits.ts'
import { chooseScenario, ScenarioFileError } from './scenario-file.ts'
import { drift } from './drift-command.ts'
import { parseUpstreamFlags, writeReport } from './upstream-flags.ts'
import { USAGE } from './usage.ts'

class UsageError extends Error {}

const int = (name: string, text: string, min = 0) => {
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`--${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${text}"`)
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
      scenario: { type: 'string' },
      scenarios: { type: 'string' },
      'base-url': { type: 'string' },
      data: { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'admin-token': { type: 'string' },
      'max-records': { type: 'string' },
      'max-store-mb': { type: 'string' },
      'max-connections': { type: 'string' },
      'max-scopes': { type: 'string' },
      upstream: { type: 'string' },
      mode: { type: 'string' },
      mock: { type: 'string' },
      har: { type: 'string' },
      report: { type: 'string' },
      'report-format': { type: 'string' },
      'upstream-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return { help: true as const }
  if (positionals.length !== 1 || positionals[0] !== 'serve') {
    throw new UsageError(
      positionals.length === 0
        ? 'say what to do: serve, or drift check <traffic.har>'
        : `unknown command "${positionals.join(' ')}"; the commands are serve and drift check`,
    )
  }
  const port = int('port', values.port)
  if (port > 65535) throw new UsageError(`--port must be at most 65535, not ${port}`)
  const settings: MockControlOptions = { maintenance: values.maintenance }
  if (values.quota !== undefined) settings.quota = int('quota', values.quota)
  if (values.rate !== undefined) {
    const [calls, seconds, extra] = values.rate.split('/')
    if (calls === undefined || seconds === undefined || extra !== undefined)
      throw new UsageError(`--rate must be N/SECONDS (e.g. 10/60), not "${values.rate}"`)
    settings.rateLimit = { calls: int('rate', calls, 1), windowSeconds: int('rate', seconds, 1) }
  }
  if (values.latency !== undefined) {
    const [min, max, extra] = values.latency.split('-')
    if (min === undefined || extra !== undefined)
      throw new UsageError(`--latency must be MS or MIN-MAX, not "${values.latency}"`)
    settings.latency =
      max === undefined
        ? { mode: 'fixed', ms: int('latency', min) }
        : { mode: 'range', minMs: int('latency', min), maxMs: int('latency', max) }
  }
  const limits: Partial<HttpLimits> = {}
  if (values['max-records'] !== undefined) limits.maxRecords = int('max-records', values['max-records'], 1)
  if (values['max-store-mb'] !== undefined)
    limits.maxStoredBytes = int('max-store-mb', values['max-store-mb'], 1) * 1024 * 1024
  if (values['max-connections'] !== undefined)
    limits.maxConnections = int('max-connections', values['max-connections'], 1)
  if (values['max-scopes'] !== undefined) limits.maxScopes = int('max-scopes', values['max-scopes'], 1)
  const allowedHosts = values['allowed-hosts']
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const adminToken = values['admin-token'] ?? (process.env.ARTEFACT_MOCK_ADMIN_TOKEN || undefined)
  if (adminToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(adminToken))
    throw new UsageError('--admin-token must be at least 16 printable characters, no spaces')
  if (values.data === '') throw new UsageError('--data needs a file name')
  if (values.scenarios === '') throw new UsageError('--scenarios needs a file name')
  const { upstream, report } = parseUpstreamFlags(values)
  return {
    help: false as const,
    port,
    host: values.host,
    baseUrl: values['base-url'],
    settings,
    limits,
    allowedHosts,
    adminToken,
    data: values.data,
    scenario: values.scenario,
    scenariosFile: values.scenarios,
    upstream,
    report,
  }
}

/** The store over --data FILE, loaded and checked before the server listens. */
async function openData(file: string) {
  // Loaded only for --data: node:sqlite needs Node >= 22.13, and the rest of the CLI does not.
  const sqlite = await import('./sqlite-persistence.ts').catch((error: unknown) => {
    fail(
      `--data needs Node's built-in node:sqlite (Node >= 22.13): ${error instanceof Error ? error.message : String(error)}`,
      1,
    )
  })
  try {
    return await sqlite.openDataStore(file)
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 1)
  }
}

function fail(message: string, code: number): never {
  process.stderr.write(`artefact-preview-mock: ${message}\n`)
  process.exit(code)
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'drift') {
    process.exitCode = drift(argv.slice(1))
    return
  }
  let options: ReturnType<typeof parse>
  try {
    options = parse(argv)
    if (options.help) {
      process.stdout.write(USAGE)
      return
    }
    MockSettings.parse({ ...DEFAULT_SETTINGS, ...options.settings }, ENGLISH)
    HttpLimits.parse({ ...DEFAULT_LIMITS, ...options.limits })
  } catch (error) {
    const message =
      error instanceof Error && 'issues' in error
        ? (error as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues
            .map((i) => `${i.path.join('.')}: ${i.message}`)
            .join('; ')
        : error instanceof Error
          ? error.message
          : String(error)
    fail(`${message}\n${USAGE.split('\n')[0]} (--help for more)`, 2)
  }

  const { port, host, baseUrl, allowedHosts, limits, upstream, report } = options
  const { scenarios, scenario } = await chooseScenario(options.scenariosFile, options.scenario).catch(
    (error: unknown) => {
      if (error instanceof ScenarioFileError) fail(error.message, 2)
      throw error
    },
  )
  const data = options.data === undefined ? undefined : await openData(options.data)
  const store: Store | undefined = data?.store
  const control = createControl({ ...options.settings, scenarios, scenario, ...(store && { store }) })
  const exposed = !isLoopback(host)
  const generated = exposed && options.adminToken === undefined
  const adminToken = generated ? randomBytes(24).toString('base64url') : options.adminToken
  const server = await startHttpServer({
    port,
    host,
    control,
    limits,
    ...(baseUrl !== undefined && { baseUrl }),
    ...(allowedHosts && { allowedHosts }),
    ...(adminToken !== undefined && { adminToken }),
    ...(upstream && { upstream }),
  }).catch((error: NodeJS.ErrnoException) => {
    data?.close()
    if (error.code === 'EADDRINUSE') fail(`port ${port} is in use; pick another with --port`, 1)
    if (error.code === 'EACCES') fail(`port ${port} needs privileges on ${host}; pick another with --port`, 1)
    if (error.syscall === 'open') fail(`cannot write --har ${upstream?.har}: ${error.message}`, 1)
    fail(`cannot listen on ${host}:${port}: ${error.message}`, 1)
  })

  // Signals first: whoever waits for the line below may stop the server at once.
  let stopping = false
  const stop = (why: string) => {
    if (stopping) {
      // A second signal: do not wait for answers in flight. The data file still closes, whole without FILE-wal.
      data?.close()
      process.exit(0)
    }
    stopping = true
    process.stderr.write(`artefact-preview-mock: ${why}, closing\n`)
    server
      .close()
      .then(() => data?.close())
      .then(() => report && writeReport(report, server.drift()))
      .then(
        () => process.exit(0),
        (error: unknown) => fail(`closing failed: ${error instanceof Error ? error.message : String(error)}`, 1),
      )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  watchLauncher(() => stop('npm, which started it, exited'))

  const base =
    baseUrl && /^[a-z][a-z0-9+.-]*:/i.test(baseUrl)
      ? baseUrl.replace(/\/+$/, '')
      : `${server.url}${baseUrl?.replace(/\/+$/, '') ?? ''}`
  const lines = [
    `artefact-preview-mock listening on ${server.url}`,
    `  POST ${base}${PREFIX}/resources/artefact[?isDraft=true]`,
    `  POST ${base}${PREFIX}/resources/artefactcategory`,
    `  GET  ${base}${PREFIX}/resources/artefact/{id}`,
    `admin: GET ${server.url}${ADMIN_PREFIX}/state · PATCH ${ADMIN_PREFIX}/settings · POST ${ADMIN_PREFIX}/reset · POST ${ADMIN_PREFIX}/force`,
    `scenario: ${scenario} (${control.scenarios.length} known: GET ${ADMIN_PREFIX}/scenarios · PUT ${ADMIN_PREFIX}/scenario); X-Mock-Scope: <name> gives a test its own state`,
  ]
  if (upstream) {
    const what = {
      proxy: 'every request forwarded and checked',
      hybrid: `mocked: ${upstream.mock?.length ? upstream.mock.join(', ') : 'none'} (and all while a scenario is on); the rest forwarded`,
      shadow: 'answered by the mock; each call also sent to the real service and compared',
      record: `forwarded and written to ${upstream.har}`,
    }[upstream.mode ?? 'proxy']
    lines.push(`upstream: ${upstream.url} (--mode ${upstream.mode}: ${what}); findings: GET ${ADMIN_PREFIX}/drift`)
  }
  if (adminToken !== undefined) {
    lines.push(
      generated
        ? `admin token: ${adminToken}  (send Authorization: Bearer <token> on ${ADMIN_PREFIX}/*)`
        : `admin paths need Authorization: Bearer <the token given>`,
    )
  }
  if (data) {
    const { artefacts, categories, skipped } = data.loaded
    lines.push(
      `data: ${options.data} (${artefacts} artefacts and ${categories} categories kept${skipped.length > 0 ? `; ${skipped.length} skipped, see ${ADMIN_PREFIX}/state` : ''})`,
    )
  }
  process.stdout.write(`${lines.join('\n')}\nCtrl+C stops it.\n`)
  if (exposed) {
    const names = ['IP addresses', 'localhost', ...(allowedHosts ?? [])].join(', ')
    process.stderr.write(
      `artefact-preview-mock: warning: listening on ${host}, other machines can reach the mock. The admin paths need the token; ` +
        `Host names accepted: ${names} (add more with --allowed-hosts).\n`,
    )
  }
  for (const line of data?.loaded.skipped ?? [])
    process.stderr.write(`artefact-preview-mock: skipped a stored record: ${line}\n`)
}

await main(process.argv.slice(2))
