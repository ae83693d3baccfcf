/**
 * The real service behind the HTTP mode (contract §13, docs/decisions/060-upstream-modes.md):
 * `proxy` forwards every request, `hybrid` forwards all but the operations it mocks, `shadow`
 * answers from the mock and asks the real service too, in the background, `record` forwards
 * and writes a HAR. Every real answer goes through the one checker (mocks/drift); findings are
 * grouped in one report per server. The admin paths never get here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  checkExchange,
  type DriftReport,
  driftCollector,
  type Exchange,
  type Finding,
  jsonTextOf,
  operationOf,
  summaryLine,
  type UpstreamFailure,
  upstreamFailure,
} from '../mocks/internal.ts'
import { type Answer, problem } from './answer.ts'
import {
  Capture,
  captureBudget,
  createForwarder,
  decoded,
  type Outgoing,
  type Reply,
  realExchange,
  relay,
} from './forward.ts'
import { type HarFile, openHar } from './har-file.ts'
import { BODY_LIMIT_CEILING, CLOSE_GRACE_MS } from './limits.ts'
import type { Scope } from './scopes.ts'
import { createShadow } from './shadow.ts'
import { endToEnd, headerValue } from './upstream-headers.ts'

export const UPSTREAM_MODES = ['proxy', 'hybrid', 'shadow', 'record'] as const
export type UpstreamMode = (typeof UPSTREAM_MODES)[number]

export interface UpstreamOptions {
  /** The real service's base URL (`https://staging.example.test`); a path in it goes before the spec's paths. */
  url: string
  /** Default `proxy`. */
  mode?: UpstreamMode
  /** `hybrid`: the operations the mock answers (`getArtefact`); the rest go to the real service. */
  mock?: readonly string[]
  /** `record`: the HAR 1.2 file to write. */
  har?: string
  /** How long the real service may stay silent, before its answer or within its body (default 10,000 ms). */
  timeoutMs?: number
  /** Called each time a new group of findings appears; default: the summary line on stderr. */
  onDriftChange?: (report: DriftStatus) => void
}

/** What `GET /__mock/drift` answers: the report, and what was looked at. */
export interface DriftStatus extends DriftReport {
  mode: UpstreamMode | null
  upstream: string | null
  /** Real answers checked so far. */
  checked: number
  /** Shadow requests not sent because too many were in flight. */
  skipped: number
}

/** An answer the real service gives, streamed to the client when the HTTP mode sends it. */
export class Relay {
  readonly send: (res: ServerResponse, extra: Record<string, string>) => Promise<void>
  constructor(send: Relay['send']) {
    this.send = send
  }
}

/** The report of a server without `--upstream`. */
export const NO_DRIFT = (): DriftStatus => ({
  mode: null,
  upstream: null,
  checked: 0,
  skipped: 0,
  ...driftCollector().report(),
})

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/**
 * The upstream side of one server. `localBase` is the path of the server's `baseUrl` (it is
 * replaced by the upstream's path); `maxHeldBytes` bounds the copies of answers kept at once.
 */
export async function createUpstream(
  options: UpstreamOptions,
  { localBase = '', maxHeldBytes = 64 * 1024 * 1024 } = {},
) {
  const mode = options.mode ?? 'proxy'
  const base = new URL(options.url)
  const origin = base.origin
  const upstreamBase = `${origin}${base.pathname.replace(/\/+$/, '')}`
  const mocked = new Set(options.mock ?? [])
  const forwarder = createForwarder({ timeoutMs: options.timeoutMs ?? 10_000, maxSockets: 64 })
  const budget = captureBudget(maxHeldBytes)
  const collector = driftCollector()
  const onChange = options.onDriftChange ?? ((report: DriftStatus) => process.stderr.write(`${summaryLine(report)}\n`))
  const har: HarFile | null =
    mode === 'record' && options.har
      ? await openHar(options.har, (error) =>
          process.stderr.write(
            `[artefact-mock] record: an exchange could not be written to ${options.har}: ${error instanceof Error ? error.message : String(error)}\n`,
          ),
        )
      : null
  let checked = 0
  const add = (findings: readonly Finding[]) => {
    if (collector.add(findings)) onChange(status())
  }
  const shadow =
    mode === 'shadow'
      ? createShadow({
          timeoutMs: options.timeoutMs ?? 10_000,
          maxHeldBytes,
          onResult(findings, wasChecked) {
            if (wasChecked) checked += 1
            add(findings)
          },
        })
      : null
  const status = (): DriftStatus => ({
    mode,
    upstream: upstreamBase,
    checked,
    skipped: shadow?.skipped() ?? 0,
    ...collector.report(),
  })

  /** The request as it goes to the real service; `path` is its target in origin form. Null for one no URL can hold. */
  function outgoing(req: IncomingMessage, path: string, body: Uint8Array | undefined): Outgoing | null {
    const local =
      localBase && (path === localBase || path.startsWith(`${localBase}/`) || path.startsWith(`${localBase}?`))
    const target = URL.parse(`${upstreamBase}${local ? path.slice(localBase.length) : path}`)
    if (!target) return null
    return { method: req.method ?? 'GET', target, headers: endToEnd(req.rawHeaders), body }
  }

  /** What a clean upstream answer leaves behind: the body for the checker, the HAR entry. */
  function settle(
    out: Outgoing,
    reply: Extract<Reply, { ok: true }>,
    capture: Capture,
    ended: { complete: boolean; failure?: UpstreamFailure },
    startedAt: number,
  ) {
    const { response } = reply
    const headers = endToEnd(response.rawHeaders, new Set())
    const kept = capture.bytes()
    const body =
      ended.complete && kept ? decoded(kept, headerValue(headers, 'content-encoding'), BODY_LIMIT_CEILING) : null
    capture.release()
    if (ended.failure) add([upstreamFailure(out.method, out.target.href, ended.failure)])
    checked += 1
    add(checkExchange(realExchange(out, response.statusCode ?? 0, headers, body)))
    har?.add({
      startedAt,
      waitMs: reply.waitMs,
      totalMs: Date.now() - startedAt,
      request: { method: out.method, url: out.target.href, headers: reply.sent, body: out.body },
      response: {
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        headers,
        body,
        bodySize: capture.size,
      },
      error: ended.failure,
    })
  }

  function failed(out: Outgoing, reply: Extract<Reply, { ok: false }>, startedAt: number) {
    add([upstreamFailure(out.method, out.target.href, reply.failure)])
    har?.add({
      startedAt,
      waitMs: Date.now() - startedAt,
      totalMs: Date.now() - startedAt,
      request: { method: out.method, url: out.target.href, headers: reply.sent, body: out.body },
      response: null,
      error: reply.failure,
    })
  }

  /** The mock's answer as the comparison reads it, once the client has it (a Response without its text at hand: the copy `mirror` took). */
  function mockSide(out: Outgoing, answer: Answer | Response): Exchange | Promise<Exchange> {
    const of = (status: number, contentType: string | null, body: string): Exchange => ({
      method: out.method,
      url: out.target.href,
      status,
      contentType,
      body,
    })
    if (!(answer instanceof Response))
      return of(answer.status, answer.body === undefined ? null : 'application/json', JSON.stringify(answer.body ?? ''))
    const text = jsonTextOf(answer)
    const contentType = answer.headers.get('content-type')
    if (text !== undefined) return of(answer.status, contentType, text)
    return answer.text().then((body) => of(answer.status, contentType, body))
  }

  return {
    mode,
    /** True when the real service answers this request; false when the mock does. */
    forwards(req: IncomingMessage, url: URL, scope: Scope): boolean {
      if (mode === 'shadow') return false
      if (mode !== 'hybrid') return true
      const operation = operationOf(req.method ?? 'GET', url.href)
      if (operation && mocked.has(operation.name)) return false
      // A scenario chosen for the scope, or for this request, is a state only the mock has.
      const asked = header(req, 'x-mock-scenario')
      return scope.served.control.scenario.id === 'default' && (asked === undefined || asked === 'default')
    },

    /** Sends the request to the real service: its answer streams to the client, or a 502 says why none came. */
    async forward(req: IncomingMessage, path: string, body: Uint8Array | undefined): Promise<Answer | Relay> {
      const out = outgoing(req, path, body)
      if (!out) return problem(400, 'the request target is not a path a URL can hold')
      const startedAt = Date.now()
      const reply = await forwarder.send(out)
      if (!reply.ok) {
        failed(out, reply, startedAt)
        return problem(502, reply.reason, { message: 'Bad Gateway' })
      }
      return new Relay(async (res, extra) => {
        const capture = new Capture(BODY_LIMIT_CEILING, budget)
        const ended = await relay(reply, res, extra, capture)
        settle(out, reply, capture, ended, startedAt)
      })
    },

    /** Shadow mode: once the client has the mock's answer, the same request goes to the real service and the two are compared. */
    mirror(
      req: IncomingMessage,
      url: URL,
      body: Uint8Array | undefined,
      answer: Answer | Response,
      res: ServerResponse,
    ) {
      if (!shadow) return
      // A Response's body is read once, by the client's answer: when its text is not at hand, a
      // copy is taken now. Everything else waits until the client has its answer.
      const copy = answer instanceof Response && jsonTextOf(answer) === undefined ? answer.clone() : null
      let started = false
      const start = () => {
        if (started) return
        started = true
        if (!operationOf(req.method ?? 'GET', url.href)) return
        const out = outgoing(req, url.pathname + url.search, body)
        if (!out) return
        const { method, target, headers } = out
        void Promise.resolve(mockSide(out, copy ?? answer)).then(
          (exchange) => shadow.mirror({ method, target: target.href, headers, body: out.body, mock: exchange }),
          () => {},
        )
      }
      // After the client's answer: the real service's time never adds to it.
      res.once('finish', start)
      res.once('close', start)
    },

    report: status,

    /** Lets shadow requests in flight end (at most 2 s), then closes the HAR. */
    async close() {
      await shadow?.close(CLOSE_GRACE_MS)
      forwarder.close()
      await har?.close()
    },
  }
}
