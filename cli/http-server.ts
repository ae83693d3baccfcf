/**
 * HTTP mode: the mock's handlers over real HTTP for clients that are not
 * browsers. A small adapter over msw's own `getResponse(handlers, request)`,
 * which works under msw 2 and 3; nothing here starts msw's interception.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getResponse } from 'msw'
// Relative imports (not `#mocks/*`) so the compiled cli resolves them beside itself.
import { createControl, type MockControl, MockSettings } from '../mocks/control.ts'
import { createHandlers } from '../mocks/handlers.ts'
import { toHeaderValue } from '../mocks/handlers/errors.ts'

export interface HttpServerOptions {
  /** Default 0: the system picks a free port (read it from `url`). */
  port?: number
  /** Default `127.0.0.1`: only this machine can reach the mock. */
  host?: string
  /** Steer the mock from code; default: a new control with the static data set. */
  control?: MockControl
  /** The address clients use (`https://mock.example.test`, `/api`): links point there, and its path prefixes the mock's. */
  baseUrl?: string
  /** Called with an exception a handler threw (answered 500). */
  onError?: (error: unknown) => void
}

export interface HttpServer {
  /** Where the server listens, e.g. `http://127.0.0.1:8787`. */
  url: string
  control: MockControl
  /** Stops accepting, ends idle keep-alive sockets, and lets answers in flight finish (at most 2 s). */
  close(): Promise<void>
}

/** The admin paths, beside the mock's own. */
export const ADMIN_PREFIX = '/__mock'
const EXPOSED = 'X-Mock-Reason, Retry-After, Allow, X-Artefact-Status'
const CLOSE_GRACE_MS = 2000
const ADMIN_BODY_LIMIT = 64 * 1024

type Answer = { status: number; headers?: Record<string, string>; body?: unknown }

const jsonAnswer = (status: number, body: unknown, reason?: string, headers: Record<string, string> = {}): Answer => ({
  status,
  body,
  headers: { ...headers, ...(reason && { 'X-Mock-Reason': toHeaderValue(reason) }) },
})
const problem = (status: number, message: string, reason: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  jsonAnswer(status, { errorCode: String(status), message, ...extra }, reason, headers)

/** Reads a body, keeping at most `cap` bytes (the rest is drained), so a huge upload cannot fill memory. */
async function readBody(req: IncomingMessage, cap: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Uint8Array>) {
    if (size >= cap) continue
    const kept = chunk.subarray(0, cap - size)
    chunks.push(kept)
    size += kept.length
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.length
  }
  return body
}

/** The fetch Request msw's handlers expect, on the Host's origin (or the base URL's). */
async function toRequest(req: IncomingMessage, url: URL, bodyCap: number, signal: AbortSignal): Promise<Request> {
  const headers = new Headers()
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string)
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const body = hasBody ? await readBody(req, bodyCap) : undefined
  return new Request(url, { method, headers, body: body ?? null, signal })
}

async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; answer: Answer }> {
  try {
    return { ok: true, value: JSON.parse(await request.text()) }
  } catch (error) {
    return { ok: false, answer: problem(400, 'Bad Request', `body: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`) }
  }
}

const ADMIN_ALLOW: Record<string, string> = { state: 'GET', settings: 'PATCH', reset: 'POST', force: 'POST' }
const SettingsPatch = MockSettings.partial().strict()

/** `/__mock/*`: read the control, change settings, reset, force the next status. */
async function admin(name: string, request: Request, control: MockControl): Promise<Answer> {
  const allow = ADMIN_ALLOW[name]
  if (!allow) return problem(404, 'Not Found', `no admin path ${ADMIN_PREFIX}/${name.slice(0, 60)}; try state, settings, reset or force`)
  if (request.method !== allow) return problem(405, 'Method Not Allowed', `${request.method} is not allowed on ${ADMIN_PREFIX}/${name}`, {}, { Allow: allow })
  if (name === 'state') return jsonAnswer(200, control.getSnapshot())
  if (name === 'reset') {
    await control.reset()
    return jsonAnswer(200, control.getSnapshot())
  }
  const json = await readJson(request)
  if (!json.ok) return json.answer
  if (name === 'settings') {
    const patch = SettingsPatch.safeParse(json.value)
    if (!patch.success) {
      const reason = patch.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')
      return problem(400, 'Bad Request', `settings: ${reason}`, { issues: patch.error.issues })
    }
    control.set(patch.data)
    return jsonAnswer(200, control.getSnapshot())
  }
  const status = (json.value as { status?: unknown } | null)?.status
  try {
    control.forceNext(typeof status === 'number' || status === null ? status : NaN)
  } catch (error) {
    return problem(400, 'Bad Request', `force: ${error instanceof Error ? error.message : 'invalid'}; send { "status": <an error status of the spec> } or { "status": null }`)
  }
  return jsonAnswer(200, control.getSnapshot())
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED }
  if (req.headers.origin) headers.Vary = 'Origin'
  return headers
}

const isPreflight = (req: IncomingMessage) => req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined

function preflight(req: IncomingMessage): Answer {
  // Echo what the browser asks for: the mock itself then answers 405, 415 and friends as it would.
  return {
    status: 204,
    headers: {
      'Access-Control-Allow-Methods': String(req.headers['access-control-request-method']),
      'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers'] ?? 'Content-Type, Accept, Prefer'),
      'Access-Control-Max-Age': '600',
    },
  }
}

async function send(res: ServerResponse, req: IncomingMessage, answer: Answer | Response, closing: boolean): Promise<void> {
  // One Headers object, so a name msw already set (content-length) is never sent twice.
  const headers = new Headers(corsHeaders(req))
  if (closing) headers.set('Connection', 'close')
  let body: Buffer | undefined
  if (answer instanceof Response) {
    answer.headers.forEach((value, key) => headers.set(key, value))
    body = Buffer.from(await answer.arrayBuffer())
  } else {
    for (const [key, value] of Object.entries(answer.headers ?? {})) headers.set(key, value)
    if (answer.body !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = Buffer.from(JSON.stringify(answer.body))
    }
  }
  if (body) headers.set('Content-Length', String(body.length))
  res.writeHead(answer.status, Object.fromEntries(headers))
  res.end(body)
}

function baseOrigin(baseUrl: string | undefined): string | null {
  return baseUrl && /^[a-z][a-z0-9+.-]*:/i.test(baseUrl) ? new URL(baseUrl).origin : null
}

/**
 * Serves the mock's handlers over HTTP, on 127.0.0.1 by default
 * (`import { startHttpServer } from 'artefact-preview-mock/http'`).
 * @example
 * const server = await startHttpServer({ port: 0 })
 * await fetch(`${server.url}/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`)
 * server.control.set({ maintenance: true })
 * await server.close()
 */
export async function startHttpServer(options: HttpServerOptions = {}): Promise<HttpServer> {
  const { port = 0, host = '127.0.0.1', control = createControl(), baseUrl, onError } = options
  const handlers = createHandlers({ control, ...(baseUrl !== undefined && { baseUrl }) })
  const fixedOrigin = baseOrigin(baseUrl)
  let listenOrigin = ''
  let closing: Promise<void> | null = null

  async function answer(req: IncomingMessage, signal: AbortSignal): Promise<Answer | Response> {
    if (isPreflight(req)) return preflight(req)
    if (!req.url?.startsWith('/')) return problem(400, 'Bad Request', 'the request target must be a path')
    const hostHeader = req.headers.host
    const origin = fixedOrigin ?? (hostHeader && /^[\w.\-[\]:]+$/.test(hostHeader) ? `http://${hostHeader}` : listenOrigin)
    const url = new URL(`${origin}${req.url}`)
    if (url.pathname.startsWith(`${ADMIN_PREFIX}/`)) {
      // Its own limit: a tiny bodyLimitBytes must not lock the admin path out.
      const request = await toRequest(req, url, ADMIN_BODY_LIMIT, signal)
      return admin(url.pathname.slice(ADMIN_PREFIX.length + 1), request, control)
    }
    // One byte over the limit is enough for the pipeline to answer 400.
    const request = await toRequest(req, url, control.settings.bodyLimitBytes + 1, signal)
    const response = await getResponse(handlers, request)
    return response ?? problem(404, 'Not Found', "outside the mock's paths")
  }

  const server = createServer((req, res) => {
    const aborter = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) aborter.abort()
    })
    answer(req, aborter.signal)
      .catch((error: unknown) => {
        onError?.(error)
        return problem(500, 'Internal Server Error', `the mock failed: ${error instanceof Error ? error.message : String(error)}`)
      })
      .then((result) => (res.headersSent || res.destroyed ? undefined : send(res, req, result, closing !== null)))
      .catch((error: unknown) => {
        onError?.(error)
        res.destroy()
      })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  listenOrigin = `http://${shownHost}:${address.port}`

  return {
    url: listenOrigin,
    control,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
        force.unref()
        server.close((error) => {
          clearTimeout(force)
          if (error) reject(error)
          else resolve()
        })
        server.closeIdleConnections()
      })
      return closing
    },
  }
}
