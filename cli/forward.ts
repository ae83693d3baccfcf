/**
 * Sending a request on to the real service and bringing its answer back (the `--upstream`
 * modes, docs/decisions/060-upstream-modes.md). The answer streams to the client with
 * backpressure: while the client does not read, the upstream socket is not read either, so the
 * server holds a socket buffer, not the answer. A copy of the body, up to a cap and within a
 * budget shared by the whole server, is kept for the checker and the HAR.
 */
import { Agent, type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import * as zlib from 'node:zlib'
import type { Exchange, UpstreamFailure } from '../mocks/internal.ts'
import { endToEnd, rawList, type Pairs, headerValue, withVia } from './upstream-headers.ts'

/** A request as it goes to the real service: its body already read (it is bounded by the body limit). */
export interface Outgoing {
  method: string
  target: URL
  /** End-to-end headers of the client's request; Host, Content-Length and Via are set here. */
  headers: Pairs
  body: Uint8Array | undefined
}

export type Reply =
  | { ok: true; response: IncomingMessage; sent: Pairs; waitMs: number; timedOut: () => boolean }
  | { ok: false; failure: UpstreamFailure; reason: string; sent: Pairs }

class TimedOut extends Error {}

/** The bytes of a server's copies of answers, together: past it a copy is dropped (the answer still streams). */
export function captureBudget(max: number) {
  let used = 0
  return {
    take(bytes: number): boolean {
      if (used + bytes > max) return false
      used += bytes
      return true
    },
    give(bytes: number) {
      used -= bytes
    },
  }
}
type Budget = ReturnType<typeof captureBudget>

/** A copy of a body as it passes, up to `max` bytes; past that, or past the budget, only its size is counted. */
export class Capture {
  #chunks: Buffer[] = []
  #held = 0
  size = 0
  truncated = false
  readonly max: number
  readonly budget: Budget
  constructor(max: number, budget: Budget) {
    this.max = max
    this.budget = budget
  }
  add(chunk: Buffer) {
    this.size += chunk.length
    if (this.truncated) return
    if (this.#held + chunk.length > this.max || !this.budget.take(chunk.length)) {
      this.truncated = true
      this.release()
      return
    }
    this.#chunks.push(chunk)
    this.#held += chunk.length
  }
  /** The whole body, or null when it was not all kept. */
  bytes(): Buffer | null {
    return this.truncated ? null : Buffer.concat(this.#chunks, this.#held)
  }
  /** Gives the copy's bytes back to the budget. */
  release() {
    this.budget.give(this.#held)
    this.#chunks = []
    this.#held = 0
  }
}

const DECODERS: Record<string, (bytes: Buffer, options: zlib.ZlibOptions) => Buffer> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  deflate: zlib.inflateSync,
  br: zlib.brotliDecompressSync,
}

/** The body as the checker reads it: decoded per `Content-Encoding` (never past `max`), or null when it cannot be. */
export function decoded(bytes: Buffer, encoding: string | undefined, max: number): Buffer | null {
  const names = (encoding ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'identity')
  let body = bytes
  try {
    for (const name of names.reverse()) {
      const decode = DECODERS[name]
      if (!decode) return null
      body = decode(body, { maxOutputLength: max })
    }
  } catch {
    return null
  }
  return body
}

function failureOf(error: unknown, origin: string): { failure: UpstreamFailure; reason: string } {
  if (error instanceof TimedOut)
    return { failure: 'timeout', reason: `upstream ${origin} sent nothing for ${error.message}` }
  const code = (error as NodeJS.ErrnoException).code ?? 'ERROR'
  if (code === 'ECONNREFUSED')
    return { failure: 'refused', reason: `upstream ${origin} refused the connection (${code})` }
  const detail = error instanceof Error ? error.message : String(error)
  return { failure: `failed (${code})`, reason: `upstream ${origin} failed: ${detail}` }
}

/** Sends requests to one real service, over sockets it keeps alive (at most `maxSockets` at once). */
export function createForwarder({ timeoutMs, maxSockets }: { timeoutMs: number; maxSockets: number }) {
  const agents = {
    'http:': new Agent({ keepAlive: true, maxSockets }),
    'https:': new HttpsAgent({ keepAlive: true, maxSockets }),
  }
  return {
    /** Sends `out`; settles with the answer's head, or with why none came (refused, silent for `timeoutMs`, failed). */
    send(out: Outgoing): Promise<Reply> {
      const sent = withVia([
        ...out.headers,
        ['Host', out.target.host],
        ...(out.body ? ([['Content-Length', String(out.body.byteLength)]] as Pairs) : []),
      ])
      return new Promise((resolve) => {
        const started = performance.now()
        let timedOut = false
        const https = out.target.protocol === 'https:'
        const request = (https ? httpsRequest : httpRequest)(out.target, {
          method: out.method,
          headers: rawList(sent),
          agent: agents[https ? 'https:' : 'http:'],
        })
        // Silence, before the answer starts or within its body, ends the exchange.
        request.setTimeout(timeoutMs, () => {
          timedOut = true
          request.destroy(new TimedOut(`${timeoutMs} ms`))
        })
        request.once('response', (response) =>
          resolve({ ok: true, response, sent, waitMs: performance.now() - started, timedOut: () => timedOut }),
        )
        request.once('error', (error) => resolve({ ok: false, sent, ...failureOf(error, out.target.origin) }))
        request.end(out.body)
      })
    },
    close() {
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}

const tap = (capture: Capture) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      capture.add(chunk)
      done(null, chunk)
    },
  })

/** The answer's head as the client gets it: the real one, with `extra` (CORS, Connection) where it says nothing. */
export function headOf(response: IncomingMessage, extra: Record<string, string>): Pairs {
  const pairs = withVia(endToEnd(response.rawHeaders, new Set()))
  const named = new Set(pairs.map(([name]) => name.toLowerCase()))
  for (const [name, value] of Object.entries(extra))
    if (!named.has(name.toLowerCase()) || name.toLowerCase() === 'connection') pairs.push([name, value])
  return pairs
}

/**
 * Streams the real answer to the client, keeping a copy in `capture`. Resolves once it ended:
 * `complete` when the whole body went through, with the failure when the upstream stopped.
 */
export async function relay(
  reply: Extract<Reply, { ok: true }>,
  res: ServerResponse,
  extra: Record<string, string>,
  capture: Capture,
): Promise<{ complete: boolean; failure?: UpstreamFailure }> {
  const { response } = reply
  if (res.destroyed) {
    response.destroy()
    return { complete: false }
  }
  // The client left first when its side closed while the real answer was still coming.
  let clientLeft = false
  res.once('close', () => {
    if (!res.writableFinished && !response.destroyed) clientLeft = true
  })
  res.writeHead(response.statusCode ?? 502, response.statusMessage, rawList(headOf(response, extra)))
  try {
    await pipeline(response, tap(capture), res)
    return { complete: true }
  } catch (error) {
    res.destroy()
    if (clientLeft) return { complete: false }
    if (reply.timedOut()) return { complete: false, failure: 'timeout' }
    return { complete: false, failure: `failed (${(error as NodeJS.ErrnoException).code ?? 'ECONNRESET'})` }
  }
}

/** Reads the whole real answer into `capture` (shadow mode: no client waits for it). */
export async function readAll(
  reply: Extract<Reply, { ok: true }>,
  capture: Capture,
): Promise<{ complete: boolean; failure?: UpstreamFailure }> {
  try {
    for await (const chunk of reply.response) {
      capture.add(chunk as Buffer)
      // Past the cap the rest is not wanted: stop reading it.
      if (capture.truncated) {
        reply.response.destroy()
        return { complete: false }
      }
    }
    return { complete: true }
  } catch {
    return { complete: false, failure: reply.timedOut() ? 'timeout' : 'failed (ECONNRESET)' }
  }
}

/** A real answer as the checker reads it; `body` null when it was not all kept (then only its head is judged). */
export function realExchange(out: Outgoing, status: number, headers: Pairs, body: Buffer | null): Exchange {
  return {
    method: out.method,
    url: out.target.href,
    requestBody: out.body ? new TextDecoder().decode(out.body) : undefined,
    status,
    contentType: headerValue(headers, 'content-type') ?? null,
    body: body ? new TextDecoder().decode(body) : '',
    ...(!body && { bodyKept: false }),
  }
}
