/**
 * The record mode's HAR 1.2 file (`--har FILE`). Each exchange is appended as it ends and the
 * file is a whole HAR after every write: the entry goes where the closing `]}}` was, followed by
 * it again. Linear in the traffic, and a stop loses nothing already written.
 */
import { open } from 'node:fs/promises'
import { type HarExchange, harEntry, harLog } from '../mocks/internal.ts'

const CREATOR = { name: 'artefact-preview-mock', version: '1' }
const TAIL = '\n]}}\n'

export interface HarFile {
  /** Appends an exchange, without credentials or cookies; written in order, one write at a time. */
  add(exchange: HarExchange): void
  /** Waits for every write, then closes the file. */
  close(): Promise<void>
}

/**
 * Creates (or replaces) `path` as an empty HAR and appends to it. A failed write is reported to
 * `onError` once per failure and the exchange is dropped; the file stays a whole HAR.
 *
 * @example
 * const har = await openHar('traffic.har', console.error)
 */
export async function openHar(path: string, onError: (error: unknown) => void): Promise<HarFile> {
  const file = await open(path, 'w')
  const head = `${JSON.stringify(harLog(CREATOR, [])).slice(0, -3)}\n`
  await file.write(`${head}${TAIL.slice(1)}`, 0)
  let position = Buffer.byteLength(head)
  let count = 0
  let torn = false
  let writing: Promise<void> = Promise.resolve()
  const append = async (entry: string) => {
    const bytes = Buffer.from(`${count === 0 ? '' : ',\n'}${entry}`)
    try {
      await file.write(Buffer.concat([bytes, Buffer.from(TAIL)]), 0, undefined, position)
      position += bytes.length
      count += 1
      // A write that failed part way may have left bytes past the tail.
      if (torn) await file.truncate(position + TAIL.length)
      torn = false
    } catch (error) {
      torn = true
      onError(error)
    }
  }
  return {
    add(exchange) {
      const entry = harEntry(exchange)
      writing = writing.then(() => append(JSON.stringify(entry)))
    },
    async close() {
      await writing
      await file.close()
    },
  }
}
