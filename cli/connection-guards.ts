/**
 * The HTTP mode's guards on connections (docs/decisions/030-http-mode-limits.md): how many
 * sockets, how long one may stay silent or idle, and the Error body for a request Node's parser
 * refuses. The mock's own time (latency, a write to the data file) never counts as idle.
 */
import { type Server, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { type Answer, problem } from './answer.ts'
import { EXPOSED } from './cors.ts'
import { type HttpLimits, LINGER_MS } from './limits.ts'

/** Node's `createServer` options for `limits`. */
export const serverOptions = (limits: HttpLimits) => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 4)),
  // A missing Host gets the Error body from the Host check, not Node's bare 400.
  requireHostHeader: false,
})

/** Why Node's parser refused a request, as `X-Mock-Reason` can carry it (printable ASCII). */
function reasonOf(error: NodeJS.ErrnoException & { reason?: string }, timedOut: boolean): string {
  if (timedOut) return 'request: not complete within the request time limit'
  const detail = `${error.code ?? 'parse error'}${error.reason ? `: ${error.reason}` : ''}`
  return `request: not valid HTTP/1.1 (${detail.replace(/[^\x20-\x7e]/g, '?').slice(0, 200)})`
}

/**
 * `answer` (an Error body from `problem`) written straight to a socket that Node's HTTP layer does
 * not answer on, with `Connection: close`. It is readable from any origin, as the mock's own
 * errors are: no path was routed, so it answers for no admin path.
 */
function writeRaw(socket: Socket, answer: Answer, end: boolean) {
  const body = JSON.stringify(answer.body)
  const headers = {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    ...answer.headers,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED,
    Connection: 'close',
  }
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  const text = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head.join('')}\r\n${body}`
  if (end) socket.end(text)
  else socket.write(text)
}

/** The answer to a request Node's parser refused (or timed out), then the socket ends. */
function refuseUnparsed(error: NodeJS.ErrnoException, socket: Socket) {
  if (socket.writable && socket.bytesWritten === 0 && error.code !== 'ECONNRESET') {
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    const reason = reasonOf(error, timedOut)
    writeRaw(socket, timedOut ? problem(408, reason, { message: 'Request Timeout' }) : problem(400, reason), false)
  }
  socket.destroy()
}

/**
 * The answer to a connection over `maxConnections`, written before a byte is read: 503 with the
 * reason and `Retry-After`. The socket then ends; what the client still sends is read and
 * dropped for at most `LINGER_MS`, so the answer is not lost to a reset.
 */
function refuseOverCap(socket: Socket, limit: number) {
  const reason = `connections: ${limit} are open, the server's limit (--max-connections); retry when one ends`
  writeRaw(socket, problem(503, reason, { headers: { 'Retry-After': '1' } }), true)
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}

/**
 * Puts the guards on `server`. Returns `working`, which marks the time the mock itself takes on a
 * socket so that no idle timeout cuts it, and `isRefused`, true for a connection over the cap.
 * `answerIdle` answers a request whose body stopped arriving (true when it did); the socket ends
 * either way.
 */
export function guardConnections(
  server: Server,
  limits: HttpLimits,
  answerIdle: (socket: Socket) => boolean = () => false,
) {
  const busy = new WeakSet<Socket>()
  // Up to maxConnections are served; the next as many get the 503 above and end within
  // LINGER_MS; past twice the cap, Node drops a connection unread (the cap still bounds sockets).
  const refused = new WeakSet<Socket>()
  let open = 0
  server.maxConnections = limits.maxConnections * 2
  server.prependListener('connection', (socket: Socket) => {
    if (open >= limits.maxConnections) {
      refused.add(socket)
      refuseOverCap(socket, limits.maxConnections)
      return
    }
    open += 1
    socket.once('close', () => {
      open -= 1
    })
  })
  // Node's headersTimeout and socket timeout start with the first byte: a connection that never
  // sends one would be kept for ever. End it when no byte came within headersTimeoutMs.
  server.on('connection', (socket: Socket) => {
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy()
    }, limits.headersTimeoutMs)
    silent.unref()
    socket.once('close', () => clearTimeout(silent))
  })
  server.timeout = limits.idleTimeoutMs
  server.on('timeout', (socket: Socket) => {
    if (busy.has(socket)) return
    if (!answerIdle(socket)) socket.destroy()
  })
  server.on('clientError', refuseUnparsed)

  return {
    /** True for a connection over the cap: it has had its answer, and its requests get none. */
    isRefused: (socket: Socket) => refused.has(socket),
    async working<T>(socket: Socket, task: () => Promise<T>): Promise<T> {
      busy.add(socket)
      try {
        return await task()
      } finally {
        busy.delete(socket)
      }
    },
  }
}
