/**
 * HTTP mode: the mock's handlers over real HTTP for clients that are not browsers. A small
 * `node:http` adapter that hands each request to the same pipeline and operations the msw
 * handlers run (`dispatcherFor`, what `getResponse(createHandlers())` answers, without msw's
 * per-request clone: docs/decisions/040-http-create-path.md); nothing here starts msw's
 * interception. Bounded (docs/decisions/030-http-mode-limits.md) and guarded
 * (031-http-mode-admin-guard.md): behaviour §11. Each request is answered in the scope its
 * `X-Mock-Scope` names (scopes.ts, 058-http-mode-scopes.md): contract §12.
 */
import { createServer, type IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
// Relative imports (not `#mocks/*`) so the compiled cli resolves them beside itself.
import { createControl, type MockControl } from '../mocks/index.ts'
import { ADMIN_PREFIX, createAdmin } from './admin.ts'
import { type Answer, problem } from './answer.ts'
import { createBackpressure } from './backpressure.ts'
import { guardConnections, serverOptions } from './connection-guards.ts'
import { corsHeaders, isPreflight, preflight } from './cors.ts'
import { createHostCheck, isLoopback } from './host-check.ts'
import { incomingOf } from './incoming-message.ts'
import {
  ADMIN_BODY_LIMIT,
  BODY_LIMIT_CEILING,
  CLOSE_GRACE_MS,
  DEFAULT_LIMITS,
  HttpLimits,
  LINGER_MS,
} from './limits.ts'
import { ClientGone, readBody } from './read-body.ts'
import { labelledRefusal } from './scenario-label.ts'
import { type RequestTarget, readTarget } from './request-target.ts'
import { createScopes, isRefusal } from './scopes.ts'
import { sendAnswer } from './send-answer.ts'
import { createUpstream, type DriftStatus, NO_DRIFT, Relay, type UpstreamOptions } from './upstream.ts'

export { ADMIN_PREFIX } from './admin.ts'
export { DEFAULT_LIMITS, type HttpLimits } from './limits.ts'
export type { DriftStatus, UpstreamMode, UpstreamOptions } from './upstream.ts'

export interface HttpServerOptions {
  /** Default 0: the system picks a free port (read it from `url`). */
  port?: number
  /** Default `127.0.0.1`: only this machine can reach the mock. Any other address needs `adminToken`. */
  host?: string
  /**
   * Steer the mock from code; default: a new control with the static data set. It answers the
   * requests without `X-Mock-Scope`; each scope is a fork of it (`control.fork`), in the scenario
   * it uses when the server starts.
   */
  control?: MockControl
  /** The address clients use (`https://mock.example.test`, `/api`): links point there, and its path prefixes the mock's. */
  baseUrl?: string
  /** Host names accepted besides IP addresses, `localhost`, `host` and `baseUrl`'s: `mock.example.test`, `.example.test`. */
  allowedHosts?: readonly string[]
  /** Required on the admin paths as `Authorization: Bearer <token>` when set; needed to listen beyond loopback. */
  adminToken?: string
  /** Store caps, scopes, connections and timeouts; see `DEFAULT_LIMITS`. */
  limits?: Partial<HttpLimits>
  /** Called with an exception a handler threw (answered 500); a client that went away is not one. Default: written to stderr. */
  onError?: (error: unknown) => void
  /**
   * A real service behind the mock (contract §13): `proxy`, `hybrid`, `shadow` or `record`, each
   * real answer checked against the spec (`drift()`, `GET /__mock/drift`). See docs/real-service.md.
   */
  upstream?: UpstreamOptions
}

export interface HttpServer {
  /** Where the server listens, e.g. `http://127.0.0.1:8787`. */
  url: string
  /** The shared scope's control: it answers every request without `X-Mock-Scope`. */
  control: MockControl
  /** The findings about the real service so far (empty without `upstream`). */
  drift(): DriftStatus
  /** Stops accepting, ends idle keep-alive sockets, and lets answers in flight finish (at most 2 s); then shadow requests, and the HAR is closed. */
  close(): Promise<void>
}

/** The default `onError`: the failure on stderr, with the mock's prefix. */
const logError = (error: unknown) =>
  process.stderr.write(
    `[artefact-mock] a handler failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )

/** The Host to judge: absent is fine only for HTTP/1.0 (the listening address stands in). */
function hostHeader(req: IncomingMessage, fallback: string): string | undefined {
  return req.headers.host ?? (req.httpVersion === '1.0' ? fallback : undefined)
}

const ADMIN_PATH = /^\/__mock(?:\/|$)/

/** The path of `baseUrl` (`/api` of `https://mock.example.test/api` or of `/api`), without a trailing slash. */
const basePathOf = (baseUrl: string | undefined) =>
  (baseUrl === undefined ? '' : /^[a-z][a-z0-9+.-]*:/i.test(baseUrl) ? new URL(baseUrl).pathname : baseUrl).replace(
    /\/+$/,
    '',
  )

/** The `X-Mock-Scope` a request names (repeated, Node joins them with a comma, which no name holds). */
function scopeHeader(req: IncomingMessage): string | undefined {
  const value = req.headers['x-mock-scope']
  return Array.isArray(value) ? value.join(', ') : value
}

/**
 * True when the path, once normalised as the answer reads it (`..` and `.` resolved), is an
 * admin path: routing and answering see the same path, so `/__mock/../x` is not one.
 */
const isAdminPath = (target: string) =>
  // Normalising keeps `__mock` as written (no case or percent decoding): a target without it is no admin path.
  target.includes('__mock') && ADMIN_PATH.test(URL.parse(`http://mock${target}`)?.pathname ?? target)

function hostCount(req: IncomingMessage): number {
  let count = 0
  for (let at = 0; at < req.rawHeaders.length; at += 2)
    if ((req.rawHeaders[at] as string).length === 4 && (req.rawHeaders[at] as string).toLowerCase() === 'host')
      count += 1
  return count
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
  const { port = 0, host = '127.0.0.1', control = createControl(), baseUrl, adminToken, onError = logError } = options
  const limits = HttpLimits.parse({ ...DEFAULT_LIMITS, ...options.limits })
  if (!isLoopback(host) && !adminToken) {
    throw new TypeError(
      `[artefact-mock] host ${host} is reachable from other machines: pass adminToken, which the admin paths will require`,
    )
  }
  const scopes = createScopes({ control, limits, baseUrl })
  const upstream = options.upstream
    ? await createUpstream(options.upstream, { localBase: basePathOf(baseUrl), maxHeldBytes: limits.maxHeldBytes })
    : null
  const drift = () => upstream?.report() ?? NO_DRIFT()
  // Proxy and record send every request on; the mock's scopes do not come into it.
  const forwardsAll = upstream?.mode === 'proxy' || upstream?.mode === 'record'
  const admin = createAdmin({ scopes, token: adminToken, drift })
  const checkHost = createHostCheck({ allowedHosts: options.allowedHosts, bindHost: host, baseUrl })
  const fixedOrigin = baseUrl && /^[a-z][a-z0-9+.-]*:/i.test(baseUrl) ? new URL(baseUrl).origin : null
  const pressure = createBackpressure({ maxWaiting: limits.maxPipelined, maxHeldBytes: limits.maxHeldBytes })
  let listenHost = ''
  let closing: Promise<void> | null = null

  /** The mock's answer, the admin's, or the real service's. */
  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    target: RequestTarget,
    isAdmin: boolean,
  ): Promise<Answer | Response | Relay> {
    const busy = pressure.overBudget()
    if (busy) return problem(503, busy, { headers: { 'Retry-After': '1' } })
    if (!target.ok) return problem(400, target.reason)
    const { path, authority } = target
    if (hostCount(req) > 1) return problem(400, 'Host: given more than once')
    const verdict = checkHost(authority ?? hostHeader(req, listenHost))
    if (!verdict.ok) return problem(400, verdict.reason)
    const url = URL.parse(`${fixedOrigin ?? `http://${verdict.host}`}${path}`)
    if (!url) return problem(400, 'the request target is not a path a URL can hold')
    if (isAdmin) {
      const name = url.pathname.slice(ADMIN_PREFIX.length + 1)
      const refused = admin.refuse(req, name, `http://${verdict.host}`)
      if (refused) return refused
      const body = await readBody(req, res, ADMIN_BODY_LIMIT)
      if (!body.complete) return problem(400, `body: over the admin paths' limit of ${ADMIN_BODY_LIMIT} bytes`)
      return working(req.socket, () => admin.handle(name, new TextDecoder().decode(body.bytes), scopeHeader(req)))
    }
    if (isPreflight(req)) return preflight(req)
    const scope = scopes.scopeOf(forwardsAll ? undefined : scopeHeader(req))
    if (isRefusal(scope)) return scope
    // From here on the refusals name the scenario of the scope, as the mock's answers do (the
    // 408 and 500 answered in answerInTurn too, through scopeOfRequest).
    scopeOfRequest.set(req, scope.served.control)
    const refuse = (refusal: Answer) => labelledRefusal(refusal, req, scope.served.control)
    const limit = scope.served.control.settings.bodyLimitBytes
    const method = req.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD'
    // One byte over the limit is enough for the pipeline to answer 400; a declared length over it is not read at all.
    const body = hasBody ? await readBody(req, res, Math.min(limit, BODY_LIMIT_CEILING) + 1) : undefined
    if (body && !body.complete && limit > BODY_LIMIT_CEILING)
      return refuse(problem(400, `body: over the HTTP mode's ceiling of ${BODY_LIMIT_CEILING} bytes`))
    if (upstream?.forwards(req, url, scope)) {
      const most = Math.min(limit, BODY_LIMIT_CEILING)
      if (body && (!body.complete || body.bytes.byteLength > most))
        return problem(
          400,
          `body: over the ${most} bytes the HTTP mode sends on (bodyLimitBytes; PATCH /__mock/settings raises it, up to ${BODY_LIMIT_CEILING})`,
        )
      return working(req.socket, () => upstream.forward(req, path, body?.bytes))
    }
    return scopes.use(scope, async () => {
      const answering = scope.served.dispatch(incomingOf(req, url, body?.bytes))
      if (!answering) return refuse(problem(404, "outside the mock's paths"))
      const result = await working(req.socket, () => answering)
      if (!body || body.complete) upstream?.mirror(req, url, body?.bytes, result, res)
      return result
    })
  }

  // The control of each request's scope, once known: the 408 and 500 name its scenario.
  const scopeOfRequest = new WeakMap<IncomingMessage, MockControl>()
  const labelled = (refusal: Answer, req: IncomingMessage) => {
    const control = scopeOfRequest.get(req)
    return control ? labelledRefusal(refusal, req, control) : refusal
  }

  // The request each socket is answering, for the 408 when its body stops arriving.
  const inProgress = new WeakMap<Socket, () => boolean>()
  const answerIdle = (socket: Socket) => inProgress.get(socket)?.() ?? false

  function respond(req: IncomingMessage, res: ServerResponse) {
    const socket = req.socket
    // A connection over the cap was answered 503 when it opened: its requests are read and dropped.
    if (isRefused(socket)) {
      req.resume()
      return
    }
    // Pipelined requests are answered in turn, each once the answer before it has been sent, so a
    // client that never reads holds one answer; one that sends more than maxPipelined ahead is cut off.
    if (!pressure.take(socket, res, () => answerInTurn(req, res))) socket.destroy()
  }

  function answerInTurn(req: IncomingMessage, res: ServerResponse) {
    const socket = req.socket
    const target = readTarget(req.url ?? '')
    const isAdmin = target.ok && isAdminPath(target.path)
    const answerTimeout = () => {
      // Only a body still arriving is answered; an idle socket otherwise just ends.
      if (req.complete || res.headersSent) return false
      res.once('finish', () => socket.destroy())
      const seconds = limits.idleTimeoutMs / 1000
      const timedOut = labelled(
        problem(408, `request: no byte of the body arrived for ${seconds} s`, { message: 'Request Timeout' }),
        req,
      )
      void sendAnswer(res, timedOut, {
        ...corsHeaders(req, isAdmin),
        Connection: 'close',
      })
      return true
    }
    // Replaced by the socket's next request; once this one is answered, it declines (headersSent).
    inProgress.set(socket, answerTimeout)
    answer(req, res, target, isAdmin)
      .then(
        (result) => result,
        (error: unknown) => {
          // Not `req.destroyed`: a request is destroyed once its body has been read.
          if (error instanceof ClientGone || res.destroyed) return null
          onError(error)
          return labelled(
            problem(500, `the mock failed: ${error instanceof Error ? error.message : String(error)}`, {
              message: 'Internal Server Error',
            }),
            req,
          )
        },
      )
      .then((result) => {
        if (!result || res.headersSent) return
        const unread = !req.complete
        if (unread) {
          // The rest of the body is not wanted: let it drain briefly so the client reads the answer, then end the socket.
          res.once('finish', () => {
            req.resume()
            setTimeout(() => socket.destroy(), LINGER_MS).unref()
          })
        }
        const extra = corsHeaders(req, isAdmin)
        if (unread || closing) extra.Connection = 'close'
        // A real answer streams: the socket's own backpressure bounds what is held.
        if (result instanceof Relay) return result.send(res, extra)
        return sendAnswer(res, result, extra).then((bytes) => pressure.hold(res, bytes))
      })
      .catch((error: unknown) => {
        if (!res.destroyed) onError(error)
        res.destroy()
      })
  }

  const server = createServer(serverOptions(limits), respond)
  server.on('checkContinue', respond)
  // Node hands CONNECT to 'connect' as a tunnel; the mock is no proxy, so it answers it as any
  // other method (400 for a target that is not a path, 405 with Allow on its own paths), then
  // ends the socket, which Node no longer reads as HTTP.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const res = new ServerResponse(req)
    res.assignSocket(socket)
    res.shouldKeepAlive = false
    res.once('finish', () => socket.destroySoon())
    respond(req, res)
  })
  const { working, isRefused } = guardConnections(server, limits, answerIdle)

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  listenHost = address.family === 'IPv6' ? `[${address.address}]:${address.port}` : `${address.address}:${address.port}`
  const url = `http://${listenHost}`

  return {
    url,
    control,
    drift,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
        force.unref()
        server.close((error) => {
          clearTimeout(force)
          scopes.dispose()
          const closed = upstream?.close() ?? Promise.resolve()
          closed.then(() => (error ? reject(error) : resolve()), reject)
        })
        server.closeIdleConnections()
      })
      return closing
    },
  }
}
