/** Writes an answer (the mock's `Response`, or one the HTTP mode made itself) to a Node response. */
import type { ServerResponse } from 'node:http'
import type { Answer } from './answer.ts'

/**
 * Sends `answer` with `extra` headers beside its own (the answer's win). Names are kept in lower
 * case in one map, so a name set twice (content-length) is sent once.
 */
export async function sendAnswer(
  res: ServerResponse,
  answer: Answer | Response,
  extra: Record<string, string>,
): Promise<void> {
  const headers: Record<string, string> = Object.create(null)
  for (const [key, value] of Object.entries(extra)) headers[key.toLowerCase()] = value
  let body: Buffer | undefined
  if (answer instanceof Response) {
    answer.headers.forEach((value, key) => {
      headers[key] = value
    })
    body = Buffer.from(await answer.arrayBuffer())
  } else {
    for (const [key, value] of Object.entries(answer.headers ?? {})) headers[key.toLowerCase()] = value
    if (answer.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = Buffer.from(JSON.stringify(answer.body))
    }
  }
  if (body) headers['content-length'] = String(body.length)
  if (res.destroyed) return
  res.writeHead(answer.status, headers)
  res.end(body)
}
