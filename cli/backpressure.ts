/**
 * Backpressure in the HTTP mode (docs/decisions/057-http-mode-backpressure.md): what a client that
 * never reads can make the server hold. Node hands over every pipelined request it has parsed at
 * once; answering each at once keeps every answer in memory until the client reads it.
 */
import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

const MiB = 1024 * 1024

interface Line {
  /** Settles once the socket's last request taken so far has its answer sent (or the socket closed). */
  last: Promise<void>
  /** Requests taken and not yet started. */
  waiting: number
}

/** Settles once `res` has handed its last byte to the system, or its connection closed. */
const sent = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    if (res.writableFinished || res.destroyed) resolve()
    res.once('finish', resolve)
    res.once('close', resolve)
  })

/**
 * Answers one request at a time per connection, and counts the bytes of answers not yet sent.
 * @example
 * const pressure = createBackpressure({ maxWaiting: 32, maxHeldBytes: 64 * 1024 * 1024 })
 * if (!pressure.take(socket, res, () => answer(req, res))) socket.destroy()
 */
export function createBackpressure(limits: { maxWaiting: number; maxHeldBytes: number }) {
  const lines = new WeakMap<Socket, Line>()
  let held = 0

  return {
    /**
     * Runs `run` (which answers on `res`) once every earlier request of `socket` has its answer
     * sent: a pipelined request waits while the answer before it is unread. False, running
     * nothing, when `maxWaiting` requests of the socket already wait.
     */
    take(socket: Socket, res: ServerResponse, run: () => unknown): boolean {
      let line = lines.get(socket)
      if (!line) lines.set(socket, (line = { last: Promise.resolve(), waiting: 0 }))
      if (line.waiting >= limits.maxWaiting) return false
      const taken = line
      taken.waiting += 1
      taken.last = taken.last.then(() => {
        taken.waiting -= 1
        if (socket.destroyed) return
        run()
        return sent(res)
      })
      return true
    },
    /** Counts `bytes` written to `res` until they are sent. */
    hold(res: ServerResponse, bytes: number) {
      held += bytes
      void sent(res).then(() => {
        held -= bytes
      })
    },
    /** Why new work is refused now (answers unread by their clients fill the budget), or null. */
    overBudget(): string | null {
      if (held < limits.maxHeldBytes) return null
      return `server busy: ${Math.round(held / MiB)} MiB of answers wait for their clients to read them (the limit is ${limits.maxHeldBytes / MiB} MiB); retry shortly`
    },
  }
}
