/** Writes an answer (the mock's `Response`, or one the HTTP mode made itself) to a Node response. */
import type { ServerResponse } from 'node:http'
// Not in the barrel: the JSON text behind the mock's own answers.
import { jsonTextOf } from '../mocks/internal.ts'
import type { Answer } from './answer.ts'

/**
 * Sends `answer` with `extra` headers beside its own (the answer's win). Names are kept in lower
 * case in one map, so a name set twice (content-length) is sent once. A body the mock built
 * from JSON text is written as that text (`res.end(text)`: Node sends it with the head in one
 * write), not read back from the `Response`'s stream (docs/decisions/040-http-create-path.md).
 * Returns the bytes of the body written.
 */
export async function sendAnswer(
  res: ServerResponse,
  answer: Answer | Response,
  extra: Record<string, string>,
): Promise<number> {
  const headers: Record<string, string> = Object.create(null)
  for (const key in extra) headers[key.toLowerCase()] = extra[key] as string
  let body: Buffer | string | undefined
  if (answer instanceof Response) {
    answer.headers.forEach((value, key) => {
      headers[key] = value
    })
    body = jsonTextOf(answer) ?? Buffer.from(await answer.arrayBuffer())
  } else {
    for (const [key, value] of Object.entries(answer.headers ?? {})) headers[key.toLowerCase()] = value
    if (answer.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(answer.body)
    }
  }
  // RFC 9110 8.6: a 204 has no content and must carry no Content-Length.
  if (answer.status === 204) {
    body = undefined
    delete headers['content-length']
  }
  const length = body === undefined ? 0 : Buffer.byteLength(body)
  if (body !== undefined) headers['content-length'] = String(length)
  if (res.destroyed) return 0
  res.writeHead(answer.status, headers)
  res.end(body)
  return length
}
