/**
 * A fake "real service" for the drift tests (issue 39): the mock itself, served over HTTP, with
 * seeded drift laid over its answers. Clean (no drift), it must give zero findings.
 *
 *   node cli/test-fake-upstream.ts --port 9090 --drift rename-field,extra-field [--cors]
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { getResponse } from 'msw'
import { createControl, createHandlers } from '../mocks/internal.ts'

/** The drift a fake upstream can lay over the mock's answers. */
export const DRIFTS = [
  'rename-field',
  'retype-field',
  'missing-field',
  'extra-field',
  'undocumented-status',
  'wrong-content-type',
  'plain-text-error',
  'accept-invalid',
  'slow',
] as const
export type Drift = (typeof DRIFTS)[number]

export interface FakeUpstreamOptions {
  drift?: readonly Drift[]
  /** With `slow`: how long each answer waits. */
  delayMs?: number
  port?: number
  /** Sent as `Set-Cookie` on every answer (to check that no cookie is written down). */
  setCookie?: string
  /** The mock's `bodyLimitBytes` (default 1 MiB), for large artefacts. */
  bodyLimitBytes?: number
  /**
   * Answer CORS as a real service that lets a browser page call it would: `Access-Control-Allow-Origin: *`
   * on every answer and the preflight of a POST (the explorer's Drift tab sends from the page).
   */
  cors?: boolean
}

/** The CORS headers of every answer, and the preflight's, when `cors` is on. */
const CORS_HEADERS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': '*' }
function preflight(req: IncomingMessage, res: ServerResponse) {
  res
    .writeHead(204, {
      ...CORS_HEADERS,
      'Access-Control-Allow-Methods': 'GET, POST',
      'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
      'Access-Control-Max-Age': '600',
    })
    .end()
}

export interface FakeUpstream {
  url: string
  /** Requests it received, in order: method, path, and the headers it was sent (to check what a proxy forwards). */
  received: { method: string; path: string; headers: Record<string, string | string[] | undefined> }[]
  close(): Promise<void>
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The mock's answer with the drift laid over it: what the fake real service sends. */
function drifted(status: number, headers: Headers, text: string, drift: ReadonlySet<Drift>) {
  let body = text
  let contentType = headers.get('Content-Type') ?? 'application/json'
  let answered = status
  const isSuccess = status >= 200 && status < 300
  if (isSuccess && body.startsWith('{')) {
    const value = JSON.parse(body) as Record<string, unknown>
    const [first, second] = Object.keys(value) as [string, string]
    if (drift.has('rename-field')) {
      value[`${first}_renamed`] = value[first]
      delete value[first]
    }
    // Another JSON type whatever it was: a string becomes its length, anything else its JSON text.
    if (drift.has('retype-field'))
      value[second] = typeof value[second] === 'string' ? value[second].length : JSON.stringify(value[second])
    if (drift.has('missing-field')) delete value[Object.keys(value).at(-1) as string]
    if (drift.has('extra-field')) value.servedBy = 'fake-upstream'
    body = JSON.stringify(value)
  }
  if (isSuccess && drift.has('undocumented-status')) answered = 299
  if (drift.has('wrong-content-type')) contentType = 'text/html; charset=utf-8'
  if (!isSuccess && drift.has('plain-text-error')) {
    body = `Error ${status}`
    contentType = 'text/plain'
  }
  return { status: answered, contentType, body }
}

let standIns = 0
/** A valid create to the same path, for `accept-invalid`. */
function standIn(url: string) {
  standIns += 1
  const body = url.includes('/artefactcategory')
    ? { name: `Taken as it came ${standIns}` }
    : { title: 'Taken as it came' }
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
}

/**
 * Starts a fake upstream on 127.0.0.1 (a free port unless given).
 *
 * @example
 * const upstream = await startFakeUpstream({ drift: ['missing-field'] })
 */
export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const drift = new Set(options.drift ?? [])
  const control = createControl(options.bodyLimitBytes ? { bodyLimitBytes: options.bodyLimitBytes } : {})
  const handlers = createHandlers({ control })
  const received: FakeUpstream['received'] = []
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (options.cors && req.method === 'OPTIONS' && req.headers['access-control-request-method'])
      return preflight(req, res)
    const body = await readBody(req)
    received.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: { ...req.headers } })
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => [name, v] as [string, string]),
      ),
      ...(body.byteLength > 0 && { body }),
    })
    let response = await getResponse(handlers, request)
    // accept-invalid: a create the spec refuses is taken, answered as a valid one would be.
    if (drift.has('accept-invalid') && response && request.method === 'POST' && [400, 422].includes(response.status))
      response = await getResponse(handlers, standIn(request.url))
    if (drift.has('slow')) await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 2000))
    if (!response) {
      res.writeHead(404, { ...(options.cors && CORS_HEADERS), 'Content-Type': 'text/plain' }).end('not the service')
      return
    }
    const answer = drifted(response.status, response.headers, await response.text(), drift)
    res
      .writeHead(answer.status, {
        ...(options.cors && CORS_HEADERS),
        'Content-Type': answer.contentType,
        ...(options.setCookie && { 'Set-Cookie': options.setCookie }),
      })
      .end(answer.body)
  })
  server.listen(options.port ?? 0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '9090' }, drift: { type: 'string' }, cors: { type: 'boolean' } },
  })
  const chosen = (values.drift?.split(',').filter(Boolean) ?? []) as Drift[]
  const unknown = chosen.filter((d) => !DRIFTS.includes(d))
  if (unknown.length > 0) {
    process.stderr.write(`unknown drift ${unknown.join(', ')}; known: ${DRIFTS.join(', ')}\n`)
    process.exit(2)
  }
  const upstream = await startFakeUpstream({ drift: chosen, port: Number(values.port), cors: values.cors ?? false })
  process.stderr.write(
    `fake upstream at ${upstream.url}${chosen.length ? ` with ${chosen.join(', ')}` : ' (clean)'}${values.cors ? ', CORS on' : ''}\n`,
  )
}
