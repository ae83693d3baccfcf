/**
 * Reads recorded traffic for `drift check`: a HAR 1.2 file from the record mode, from a browser's
 * devtools or from the explorer's export, as the exchanges the checker judges.
 */
import type { Exchange } from './check.ts'

interface HarHeader {
  name: string
  value: string
}
interface HarEntry {
  request?: { method?: string; url?: string; postData?: { text?: string } }
  response?: {
    status?: number
    headers?: HarHeader[]
    content?: { mimeType?: string; text?: string; encoding?: string; size?: number }
  }
}

/** Thrown for a file that is not a HAR: `drift check` exits 2 with its message. */
export class NotAHar extends Error {
  constructor(reason: string) {
    super(`not a HAR 1.2 file: ${reason}`)
    this.name = 'NotAHar'
  }
}

const decodeBase64 = (text: string) => new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)))

/**
 * The exchanges of a HAR's entries. Entries without a request URL or a response status (a
 * request that never got an answer) are left out and counted.
 *
 * @example
 * const { exchanges } = exchangesOfHar(JSON.parse(readFileSync('traffic.har', 'utf8')))
 */
export function exchangesOfHar(har: unknown): { exchanges: Exchange[]; unanswered: number } {
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries
  if (!Array.isArray(entries)) throw new NotAHar('no log.entries array')
  const exchanges: Exchange[] = []
  let unanswered = 0
  for (const entry of entries as HarEntry[]) {
    const { request, response } = entry ?? {}
    // Chromium records a request that got no answer with status 0.
    if (!request?.url || !request.method || !response?.status) {
      unanswered += 1
      continue
    }
    const content = response.content ?? {}
    const header = response.headers?.find((h) => h.name.toLowerCase() === 'content-type')?.value
    let body = content.text ?? ''
    if (content.encoding === 'base64') {
      try {
        body = decodeBase64(body)
      } catch {
        body = ''
      }
    }
    // Devtools leave the text out of a body the page never read (size -1): it is not judged.
    const kept = content.text !== undefined || content.size === 0
    exchanges.push({
      method: request.method,
      url: request.url,
      requestBody: request.postData?.text,
      status: response.status,
      contentType: header ?? content.mimeType ?? null,
      body,
      ...(!kept && { bodyKept: false }),
    })
  }
  return { exchanges, unanswered }
}
