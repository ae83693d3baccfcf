/**
 * Benchmark 5: the HTTP mode against Stoplight Prism and json-server on
 * 127.0.0.1, the same client for all, servers started and stopped here.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { benchBody, SEED_ID } from './fixtures.ts'
import { projectGetBytes } from './lib/project-bytes.ts'
import { type Served, startServer } from './lib/processes.ts'
import { interleave, pendingRow, progress, ratioRow, type Row, spread } from './lib/stats.ts'

type Target = 'project' | 'prism' | 'jsonServer'
const PREFIX = '/v3/preview-upcoming/resources'
const PEER_NAMES = { prism: 'Prism', jsonServer: 'json-server' } as const
/** Ahead of the peers on reads, and by a tenth on writes (issue 14). */
// Issue 35's budget: at least 1.1 times Prism's rate.
const GOALS = { GET: 1.1, POST: 1.1 } as const

const paths: Record<Target, { get: string; post: string }> = {
  project: { get: `${PREFIX}/artefact/${SEED_ID}`, post: `${PREFIX}/artefact` },
  prism: { get: `${PREFIX}/artefact/${SEED_ID}`, post: `${PREFIX}/artefact` },
  jsonServer: { get: `/artefacts/${SEED_ID}`, post: '/artefacts' },
}

function client(url: string, method: 'GET' | 'POST', count: number, inFlight: number): number {
  const args = [
    'bench/http-client.ts',
    url,
    method,
    String(count),
    String(inFlight),
    ...(method === 'POST' ? ['bench/.tmp/body.json'] : []),
  ]
  const r = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }).trim().split('\n').at(-1)!) as {
    ms: number
    ok: boolean
    statuses: unknown
  }
  if (!r.ok)
    throw new Error(
      `[bench] ${method} ${url}: not every answer was a success (${JSON.stringify(r.statuses)}); the run is void`,
    )
  return (count / r.ms) * 1000
}

async function startAll(openapiPath: string, ports: { project: number; prism: number; jsonServer: number }) {
  mkdirSync('bench/.tmp', { recursive: true })
  writeFileSync('bench/.tmp/body.json', JSON.stringify(benchBody))
  // json-server's record: the project's own answer for the seed artefact.
  const artefact = JSON.parse(await projectGetBytes(`http://127.0.0.1:${ports.project}`)) as object
  writeFileSync('bench/.tmp/db.json', JSON.stringify({ artefacts: [artefact] }))
  const servers: Partial<Record<Target, Served>> = {}
  const here = (port: number, path: string) => `http://127.0.0.1:${port}${path}`
  // Single process (its fork mode fails on Node 24) and quiet, as json-server runs with --quiet.
  servers.prism = await startServer(
    'prism',
    'bench/node_modules/.bin/prism',
    ['mock', openapiPath, '-h', '127.0.0.1', '-p', String(ports.prism), '--multiprocess=false', '--verboseLevel=error'],
    here(ports.prism, paths.prism.get),
  )
  servers.jsonServer = await startServer(
    'json-server',
    'bench/node_modules/.bin/json-server',
    ['bench/.tmp/db.json', '--host', '127.0.0.1', '--port', String(ports.jsonServer), '--quiet'],
    here(ports.jsonServer, paths.jsonServer.get),
  )
  if (existsSync('cli/http-server.ts')) {
    servers.project = await startServer(
      'http mode',
      process.execPath,
      ['bench/http-project-server.ts', String(ports.project)],
      here(ports.project, paths.project.get),
    )
  }
  return servers
}

export async function httpRows(o: {
  rounds: number
  requests: number
  inFlight: number
  openapiPath: string
  ports: { project: number; prism: number; jsonServer: number }
}): Promise<Row[]> {
  progress(
    `http: Prism, json-server${existsSync('cli/http-server.ts') ? ', HTTP mode' : ' (HTTP mode pending: no cli/http-server.ts)'}, ${o.rounds} rounds of ${o.requests}`,
  )
  const servers = await startAll(o.openapiPath, o.ports)
  try {
    const targets = (Object.keys(servers) as Target[]).sort()
    const cases = [
      { label: 'GET artefact', method: 'GET', inFlight: 1 },
      { label: 'GET artefact', method: 'GET', inFlight: o.inFlight },
      { label: 'POST create artefact', method: 'POST', inFlight: 1 },
      { label: 'POST create artefact', method: 'POST', inFlight: o.inFlight },
    ] as const
    const rows: Row[] = []
    for (const c of cases) {
      // json-server rewrites its whole database file on every POST, so its POST slows as the
      // run goes on; the issue compares it on GET only.
      const peers = c.method === 'POST' ? (['prism'] as const) : (['prism', 'jsonServer'] as const)
      const these = targets.filter((t) => t === 'project' || (peers as readonly Target[]).includes(t))
      const rps = await interleave(these, o.rounds, async (t) =>
        client(
          `${servers[t]!.url}${c.method === 'GET' ? paths[t].get : paths[t].post}`,
          c.method,
          o.requests,
          c.inFlight,
        ),
      )
      const how = c.inFlight === 1 ? 'sequential' : `${c.inFlight} in flight`
      for (const peer of peers) {
        const label = `5 HTTP mode vs ${PEER_NAMES[peer]}: ${c.label}, ${how}, req/s`
        rows.push(
          servers.project
            ? ratioRow(
                label,
                { ours: rps.project, theirs: rps[peer], ratios: rps.project.map((v, i) => v / rps[peer][i]!) },
                { op: '>=', value: GOALS[c.method] },
              )
            : pendingRow(label, `>= ${GOALS[c.method]}`, 'cli/http-server.ts not there yet', spread(rps[peer], 0)),
        )
      }
    }
    return rows
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()))
  }
}
