/**
 * Shadow mode (contract §13): the client has the mock's answer; then the same request goes to
 * the real service and the two answers are compared, in a worker thread (shadow-worker.ts), so the
 * mock's next answers never wait behind that work. The calls cross to the worker in batches,
 * once the server has answered nothing new for `QUIET_MS` (at the latest `BATCH_MS` after a
 * batch's first call): waking the worker at the moment of each answer cost the answer itself
 * 5-13 % at its median (docs/decisions/067). At most `MAX_MIRRORS` calls are in flight; past
 * that a call is not mirrored and counted.
 */
import { Worker } from 'node:worker_threads'
import type { Finding } from '../mocks/internal.ts'
import type { MirrorCall, MirrorResult } from './shadow-worker.ts'

/** Shadow calls in flight at once; past it a call is not mirrored (and counted in `skipped`). */
export const MAX_MIRRORS = 32
/** A batch crosses once no call has joined it for `QUIET_MS` (a client on the same machine has read its answer by then)... */
export const QUIET_MS = 1
/** ...and under a steady load, at the latest `BATCH_MS` after its first call. */
export const BATCH_MS = 10

// Run as TypeScript here and in the tests, as JavaScript once compiled into dist/.
const WORKER = new URL(import.meta.url.endsWith('.ts') ? './shadow-worker.ts' : './shadow-worker.js', import.meta.url)

export function createShadow(options: {
  timeoutMs: number
  maxHeldBytes: number
  /** Each mirrored call's findings, and whether a real answer was checked. */
  onResult: (findings: readonly Finding[], checked: boolean) => void
}) {
  let worker: Worker | null = null
  let inFlight = 0
  let batch: MirrorCall[] = []
  let timer: NodeJS.Timeout | null = null
  let quiet: NodeJS.Timeout | null = null
  let skipped = 0
  const settled = new Set<() => void>()
  const start = () => {
    const started = new Worker(WORKER, {
      workerData: { timeoutMs: options.timeoutMs, maxHeldBytes: options.maxHeldBytes },
    })
    started.on('message', (result: MirrorResult & { error?: string }) => {
      inFlight -= 1
      if (result.error) process.stderr.write(`[artefact-mock] shadow: ${result.error}\n`)
      options.onResult(result.findings, result.checked)
      if (inFlight === 0) for (const resolve of settled) resolve()
    })
    started.on('error', (error: unknown) =>
      process.stderr.write(
        `[artefact-mock] shadow: the worker failed: ${error instanceof Error ? error.message : String(error)}\n`,
      ),
    )
    // The worker never keeps the process alive on its own.
    started.unref()
    return started
  }

  const flush = () => {
    if (timer) clearTimeout(timer)
    if (quiet) clearTimeout(quiet)
    timer = quiet = null
    if (batch.length === 0) return
    worker ??= start()
    worker.postMessage(batch)
    batch = []
  }

  return {
    /** Hands `call` to the worker with the next batch; false when too many are in flight (it is counted, not sent). */
    mirror(call: MirrorCall): boolean {
      if (inFlight >= MAX_MIRRORS) {
        skipped += 1
        return false
      }
      inFlight += 1
      batch.push(call)
      // Not unref'd: a call taken is sent, even by a process about to end.
      timer ??= setTimeout(flush, BATCH_MS)
      if (quiet) quiet.refresh()
      else quiet = setTimeout(flush, QUIET_MS)
      return true
    },
    skipped: () => skipped,
    /** Waits for the calls in flight (at most `graceMs`), then stops the worker. */
    async close(graceMs: number) {
      flush()
      if (inFlight > 0)
        await new Promise<void>((resolve) => {
          const done = () => {
            settled.delete(done)
            resolve()
          }
          settled.add(done)
          setTimeout(done, graceMs).unref()
        })
      await worker?.terminate()
    },
  }
}
