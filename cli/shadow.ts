/**
 * Shadow mode (contract §13): the client has the mock's answer; then the same request goes to
 * the real service and the two answers are compared, in a worker thread (shadow-worker.ts), so the
 * mock's next answers never wait behind that work. At most `MAX_MIRRORS` calls are in flight;
 * past that a call is not mirrored and counted.
 */
import { Worker } from 'node:worker_threads'
import type { Finding } from '../mocks/internal.ts'
import type { MirrorCall, MirrorResult } from './shadow-worker.ts'

/** Shadow calls in flight at once; past it a call is not mirrored (and counted in `skipped`). */
export const MAX_MIRRORS = 32

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

  return {
    /** Hands `call` to the worker; false when too many are in flight (it is counted, not sent). */
    mirror(call: MirrorCall): boolean {
      if (inFlight >= MAX_MIRRORS) {
        skipped += 1
        return false
      }
      worker ??= start()
      inFlight += 1
      worker.postMessage(call)
      return true
    },
    skipped: () => skipped,
    /** Waits for the calls in flight (at most `graceMs`), then stops the worker. */
    async close(graceMs: number) {
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
