/** Reading a request body in HTTP mode without ever holding more than a cap. */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** The client went away before its body arrived: nothing to answer, nothing to report. */
export class ClientGone extends Error {
  override name = 'ClientGone'
}

export interface Body {
  bytes: Uint8Array<ArrayBuffer>
  /** False when the body was longer than the cap (or announced so) and the rest was left unread. */
  complete: boolean
}

const EMPTY = new Uint8Array(0)

/**
 * Reads at most `cap` bytes. A `Content-Length` over the cap is judged before a byte is
 * read (and `Expect: 100-continue` is then never answered 100), so the caller can refuse
 * a huge upload at once; a longer body without one stops being read at the cap.
 */
export function readBody(req: IncomingMessage, res: ServerResponse, cap: number): Promise<Body> {
  const declared = req.headers['content-length']
  if (declared !== undefined && Number(declared) > cap) return Promise.resolve({ bytes: EMPTY, complete: false })
  if (/^100-continue$/i.test(req.headers.expect ?? '')) res.writeContinue()
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    let size = 0
    const stop = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onGone)
      req.off('close', onGone)
    }
    const done = (complete: boolean) => {
      stop()
      const bytes = new Uint8Array(size)
      let offset = 0
      for (const chunk of chunks) {
        bytes.set(chunk, offset)
        offset += chunk.length
      }
      resolve({ bytes, complete })
    }
    function onData(chunk: Buffer) {
      if (size + chunk.length > cap) {
        chunks.push(chunk.subarray(0, cap - size))
        size = cap
        req.pause()
        done(false)
        return
      }
      chunks.push(chunk)
      size += chunk.length
    }
    function onEnd() {
      done(true)
    }
    function onGone() {
      stop()
      reject(new ClientGone('the client closed the connection before its body arrived'))
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onGone)
    req.on('close', onGone)
  })
}
