/**
 * Shadow mode's worker thread (docs/decisions/060-upstream-modes.md): it sends each call on to
 * the real service, reads the answer, checks it and compares it with the mock's, off the thread
 * that answers clients, so none of that work waits in front of the next request.
 */
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { checkExchange, compareAnswers, type Exchange, type Finding, upstreamFailure } from '../mocks/internal.ts'
import { Capture, captureBudget, createForwarder, decoded, readAll, realExchange } from './forward.ts'
import { BODY_LIMIT_CEILING } from './limits.ts'
import { endToEnd, type Pairs, headerValue } from './upstream-headers.ts'

/** One call to mirror, as it crosses to this thread (a URL as text). */
export interface MirrorCall {
  method: string
  target: string
  headers: Pairs
  body: Uint8Array | undefined
  mock: Exchange
}

/** What comes back for each call: its findings, and whether a real answer was checked. */
export interface MirrorResult {
  findings: Finding[]
  checked: boolean
}

const { timeoutMs, maxHeldBytes } = workerData as { timeoutMs: number; maxHeldBytes: number }
// On Linux a nice value belongs to a thread, so this lowers this worker alone: under a full CPU the
// thread that answers clients goes first. (Elsewhere it would be the whole process's, so not there.)
if (process.platform === 'linux') setPriority(19)
const forwarder = createForwarder({ timeoutMs, maxSockets: 64 })
const budget = captureBudget(maxHeldBytes)

async function mirror(call: MirrorCall): Promise<MirrorResult> {
  const out = { method: call.method, target: new URL(call.target), headers: call.headers, body: call.body }
  const reply = await forwarder.send(out)
  if (!reply.ok) return { findings: [upstreamFailure(out.method, call.target, reply.failure)], checked: false }
  const capture = new Capture(BODY_LIMIT_CEILING, budget)
  const ended = await readAll(reply, capture)
  const headers = endToEnd(reply.response.rawHeaders, new Set())
  const kept = capture.bytes()
  const body =
    ended.complete && kept ? decoded(kept, headerValue(headers, 'content-encoding'), BODY_LIMIT_CEILING) : null
  capture.release()
  const real = realExchange(out, reply.response.statusCode ?? 0, headers, body)
  const findings = checkExchange(real)
  if (ended.failure) findings.push(upstreamFailure(out.method, call.target, ended.failure))
  if (ended.complete) findings.push(...compareAnswers(call.mock, real))
  return { findings, checked: true }
}

// The calls come in batches (shadow.ts); each call's result goes back on its own, once it is known.
parentPort?.on('message', (calls: MirrorCall[]) => {
  for (const call of calls) send(call)
})

function send(call: MirrorCall) {
  mirror(call).then(
    (result) => parentPort?.postMessage(result),
    (error: unknown) =>
      parentPort?.postMessage({
        findings: [],
        checked: false,
        error: error instanceof Error ? error.message : String(error),
      }),
  )
}
