/**
 * Where a snippet sends its request, and which of the request's headers it names.
 * A snippet keeps the request's path and query and swaps the origin for the target's.
 */
import type { Exchange } from '../../app/model.ts'

export type SentRequest = Exchange['request']

/** `npx artefact-preview-mock serve` listens here unless told `--port`. */
export const HTTP_MODE_PORT = 8787
export const HTTP_MODE_COMMAND = 'npx artefact-preview-mock serve'

/**
 * How to start the HTTP mode on `port`: in a clone of this repo (`repo`) `npx artefact-preview-mock
 * serve` finds no dist/ until `npm run build:lib`, while `npm run serve` runs the source.
 *
 * @example
 * serveCommand(9000, 'repo') // 'npm run serve -- --port 9000'
 */
export function serveCommand(port: number, home: 'repo' | 'app'): string {
  if (home === 'app') return `${HTTP_MODE_COMMAND}${port === HTTP_MODE_PORT ? '' : ` --port ${port}`}`
  return `npm run serve${port === HTTP_MODE_PORT ? '' : ` -- --port ${port}`}`
}

/**
 * This page's service worker (only code running in the page reaches it), the HTTP mode
 * on a local port, or any base URL the user types (a deployed mock, `--base-url`).
 */
export type SnippetTarget =
  | { kind: 'worker' }
  | { kind: 'http-mode'; port: number }
  | { kind: 'base-url'; baseUrl: string }

/** The explorer's own marker header; it says nothing about the API, so snippets leave it out. */
export const EXPLORER_HEADER = 'X-Artefact-Explorer'

/** Headers the client sets itself (curl, fetch and HTTPie each write their own), or the browser's. */
const CLIENT_MANAGED = new Set([
  EXPLORER_HEADER.toLowerCase(),
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'user-agent',
  'accept-encoding',
  'accept-language',
  'referer',
  'origin',
  'cookie',
  'priority',
])

/** The headers a snippet names: what the request carried, less what any client adds on its own. */
export function snippetHeaders(headers: ReadonlyArray<[string, string]>): Array<[string, string]> {
  return headers.filter(([name]) => {
    const lower = name.toLowerCase()
    return !CLIENT_MANAGED.has(lower) && !lower.startsWith('sec-')
  })
}

/** Whether the request names a Content-Type (any case); a body without one must not get one. */
export const hasContentType = (headers: ReadonlyArray<[string, string]>): boolean =>
  headers.some(([name]) => name.toLowerCase() === 'content-type')

/** The page's origin, when there is a page. */
export const pageOrigin = (): string | undefined => globalThis.location?.origin

/** The base URL a target stands for: no trailing slash, a path kept (it prefixes the mock's). */
export function targetBase(target: SnippetTarget, origin: string | undefined = pageOrigin()): string {
  if (target.kind === 'http-mode') return `http://127.0.0.1:${target.port}`
  if (target.kind === 'base-url') return target.baseUrl.replace(/\/+$/, '')
  return origin ?? `http://127.0.0.1:${HTTP_MODE_PORT}`
}

/**
 * The request's URL on `base`: base, then the request's path and query. A URL that does not
 * parse is kept as it is.
 *
 * @example
 * retarget('http://localhost:5173/v3/x?isDraft=true', 'http://127.0.0.1:8787') // 'http://127.0.0.1:8787/v3/x?isDraft=true'
 */
export function retarget(url: string, base: string): string {
  let parsed: URL
  try {
    parsed = new URL(url, base)
  } catch {
    return url
  }
  return `${base.replace(/\/+$/, '')}${parsed.pathname}${parsed.search}`
}

/** A typed base URL, checked: http or https, no query or fragment; else the reason it is refused. */
export function parseBaseUrl(text: string): { ok: true; baseUrl: string } | { ok: false; reason: string } {
  const trimmed = text.trim()
  if (!URL.canParse(trimmed)) return { ok: false, reason: 'Type an absolute URL, such as https://mock.example.test' }
  const url = new URL(trimmed)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: 'Only http and https URLs can be sent to' }
  if (url.search || url.hash || url.username || url.password) {
    return { ok: false, reason: 'A base URL has no query, fragment or credentials' }
  }
  return { ok: true, baseUrl: `${url.origin}${url.pathname}`.replace(/\/+$/, '') }
}
