// Stoplight Prism as a validating proxy in front of the HTTP mode (issue 37): every answer the
// mock gives must satisfy openapi.json. Requests are made from the document itself: each
// operation with each of its request examples, each documented error status forced with
// `Prefer: code=`, the usual refusals (406, 415, 405, 404, 400) and a plain OPTIONS. Prism
// logs a `Violation: response…` line for each answer the document does not allow. The same requests against
// a fake real service with a field of another type must give violations, or the check proves
// nothing. Part of `npm run lint:openapi` (scripts/lint-openapi.ts); Prism lives in openapi/lint/.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { startFakeUpstream } from '../cli/test-fake-upstream.ts'
import { startHttpServer } from '../cli/http-server.ts'

interface Operation {
  method: string
  /** The path with `{id}` filled in by a stored artefact. */
  path: string
  statuses: number[]
  bodies: unknown[]
}

const STORED_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method === 'get' || method === 'post')
      .map(([method, operation]) => {
        const op = operation as {
          responses: Record<string, unknown>
          requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> }
        }
        const examples = op.requestBody?.content['application/json']?.examples ?? {}
        return {
          method: method.toUpperCase(),
          path: path.replace('{id}', STORED_ID),
          statuses: Object.keys(op.responses).map(Number),
          bodies: Object.values(examples).map((example) => example.value),
        }
      }),
  )
}

/** The requests of one operation, each as `fetch` arguments relative to the proxy's origin. */
function requestsOf(op: Operation): Array<[string, RequestInit]> {
  const json = { Accept: 'application/json', 'Content-Type': 'application/json' }
  const base: RequestInit = { method: op.method, headers: op.method === 'GET' ? { Accept: 'application/json' } : json }
  const bodies = op.method === 'GET' ? [undefined] : op.bodies.map((body) => JSON.stringify(body))
  const first = bodies[0]
  const withBody = (init: RequestInit): RequestInit => (first === undefined ? init : { ...init, body: first })
  return [
    ...bodies.map((body): [string, RequestInit] => [op.path, body === undefined ? base : { ...base, body }]),
    ...op.statuses
      .filter((status) => status >= 400)
      .map((status): [string, RequestInit] => [
        op.path,
        withBody({ ...base, headers: { ...base.headers, Prefer: `code=${status}` } }),
      ]),
    [op.path, withBody({ ...base, headers: { ...base.headers, Accept: 'text/html' } })],
    [op.path, { method: 'PUT', headers: json, body: '{}' }],
    [op.path, { method: 'OPTIONS' }],
    ...(op.method === 'GET'
      ? ([
          [op.path.replace(STORED_ID, 'not-a-uuid'), base],
          [op.path.replace(STORED_ID, '0a1e0001-5c0f-4a11-9c00-00000000ffff'), base],
        ] as Array<[string, RequestInit]>)
      : ([
          // Not a body that is not JSON: Prism 5's proxy never answers one.
          [op.path, { ...base, headers: { ...json, 'Content-Type': 'text/plain' }, body: first ?? '{}' }],
        ] as Array<[string, RequestInit]>)),
  ]
}

async function listening(prism: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!/Prism is listening/.test(log())) {
    if (prism.exitCode !== null) throw new Error(`prism exited with ${prism.exitCode}:\n${log()}`)
    if (Date.now() > deadline) throw new Error(`prism did not start within 60 s:\n${log()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Sends every request through Prism in front of `upstream`; returns the statuses seen and Prism's violation lines. */
async function throughPrism(prismBin: string, documentPath: string, upstream: string, port: number) {
  const prism = spawn(
    prismBin,
    ['proxy', documentPath, upstream, '--port', String(port), '--validate-request', 'false', '--errors', 'false'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  prism.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  prism.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    await listening(prism, () => output)
    const document = JSON.parse(readFileSync(documentPath, 'utf8'))
    const statuses = new Map<number, number>()
    let sent = 0
    for (const op of operationsOf(document)) {
      for (const [path, init] of requestsOf(op)) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, {
          ...init,
          signal: AbortSignal.timeout(10_000),
        })
        await response.arrayBuffer()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        sent += 1
      }
    }
    // Prism writes a request's log lines as it answers it; give the last ones a moment.
    await new Promise((resolve) => setTimeout(resolve, 300))
    // Only the answers are judged: the requests that break the rules on purpose are request violations.
    const violations = output.split('\n').filter((line) => /Violation: response/.test(line))
    return { sent, statuses, violations }
  } finally {
    prism.kill('SIGTERM')
  }
}

/** True when the mock's answers are clean and the seeded drift is seen. Prints what it did. */
export async function prismCheck(prismBin: string, documentPath: string, port = 4170): Promise<boolean> {
  const server = await startHttpServer({ port: 0 })
  let clean: Awaited<ReturnType<typeof throughPrism>>
  try {
    clean = await throughPrism(prismBin, documentPath, server.url, port)
  } finally {
    await server.close()
  }
  const drifted = await startFakeUpstream({ drift: ['retype-field'] })
  let seeded: Awaited<ReturnType<typeof throughPrism>>
  try {
    seeded = await throughPrism(prismBin, documentPath, drifted.url, port + 1)
  } finally {
    await drifted.close()
  }
  const statuses = [...clean.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
  process.stdout.write(
    `prism proxy: ${clean.sent} requests to the HTTP mode (${statuses.join(' ')}), ${clean.violations.length} violations\n`,
  )
  for (const line of clean.violations) process.stdout.write(`  ${line.trim()}\n`)
  process.stdout.write(
    `prism proxy: the same against a real service with a retyped field: ${seeded.violations.length} violations (expected: some of the body)\n`,
  )
  return clean.violations.length === 0 && seeded.violations.some((line) => /Violation: response\.body/.test(line))
}
