/** Raw sockets for the HTTP mode's tests: what fetch will not send (a foreign Host, a lying Content-Length, silence). */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach } from 'vitest'
import { createControl, createStore, type MockControl } from '../mocks/internal.ts'
import { type HttpServer, startHttpServer } from './http-server.ts'

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

export interface RawConnection {
  socket: Socket
  /** Everything received so far. */
  received: () => string
  /** The first answer, once it is whole; rejects when the socket closes first. */
  answer: Promise<RawAnswer>
  /** Milliseconds from connect until the server closed the socket. */
  closed: Promise<number>
}

function parse(text: string): RawAnswer | null {
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return null
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const length = Number(headers['content-length'] ?? 0)
  const body = text.slice(end + 4)
  if (Buffer.byteLength(body) < length) return null
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.slice(0, length) }
}

/** Opens a socket to 127.0.0.1:port and writes `text` (nothing when undefined). */
export function rawConnection(port: number, text?: string | Buffer): RawConnection {
  const started = Date.now()
  const socket = connect(port, '127.0.0.1')
  let data = ''
  socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')))
  socket.on('error', () => {})
  const closed = once(socket, 'close').then(() => Date.now() - started)
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on('data', () => {
      const parsed = parse(data)
      if (parsed) resolve(parsed)
    })
    socket.on('close', () => reject(new Error(`closed before a whole answer: ${JSON.stringify(data.slice(0, 200))}`)))
  })
  answer.catch(() => {})
  if (text !== undefined) socket.write(text)
  return { socket, received: () => data, answer, closed }
}

/** One request on its own connection; the answer. */
export function rawRequest(port: number, text: string | Buffer): Promise<RawAnswer> {
  const connection = rawConnection(port, text)
  return connection.answer.finally(() => connection.socket.destroy())
}

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))

export interface Cli {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<number | null>
}

/** Runs `node cli/main.ts ...args`; `running` collects it so a test's afterEach can kill it. */
export function cli(running: Set<ChildProcess>, ...args: string[]): Cli {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk))
  const exit = once(child, 'exit').then(([code]) => {
    running.delete(child)
    return code as number | null
  })
  return { child, stdout: () => stdout, stderr: () => stderr, exit }
}

/** Starts `serve --port 0 ...args` and waits for the address it prints. */
export async function serve(running: Set<ChildProcess>, ...args: string[]): Promise<Cli & { url: string }> {
  const started = cli(running, 'serve', '--port', '0', ...args)
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const found = /listening on (http:\/\/\S+)/.exec(started.stdout())
      if (found?.[1]) resolve(found[1])
    }
    started.child.stdout?.on('data', look)
    started.exit.then((code) => reject(new Error(`exited ${code} before listening: ${started.stderr()}`)))
  })
  return { ...started, url }
}

/**
 * A server on a fresh control for every test of the file (`current` holds this test's), and
 * `call`/`send` to reach it.
 */
export function httpServerPerTest() {
  const current = {} as { server: HttpServer; control: MockControl }
  beforeEach(async () => {
    current.control = createControl({ store: createStore() })
    current.server = await startHttpServer({ port: 0, control: current.control })
  })
  afterEach(() => current.server.close())
  const call = (path: string, init: RequestInit = {}) => fetch(`${current.server.url}${path}`, init)
  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  return { current, call, send }
}

/** An Error answer as a test compares it: status, body and `X-Mock-Reason`. */
export const errorOf = async (res: Response) => ({
  status: res.status,
  body: await res.json(),
  reason: res.headers.get('X-Mock-Reason'),
})
