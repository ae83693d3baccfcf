/**
 * What the Copy as dialog shows for a format and a target: the text to copy, or why there
 * is none, and a note on where it runs. Pure, so the dialog only renders it.
 */
import type { Exchange } from '../../app/model.ts'
import { httpieCanSend, toHttpie } from './httpie-snippet.ts'
import { toPlaywrightTest } from './playwright-test.ts'
import { HTTP_MODE_COMMAND, HTTP_MODE_PORT, parseBaseUrl, type SnippetTarget, targetBase } from './snippet-target.ts'
import { toCurl, toFetchSnippet } from './snippets.ts'
import { toVitestTest } from './vitest-test.ts'

export type SnippetFormat = 'curl' | 'httpie' | 'fetch' | 'vitest' | 'playwright'

export const FORMATS: ReadonlyArray<{ id: SnippetFormat; label: string; kind: 'request' | 'test' }> = [
  { id: 'curl', label: 'curl', kind: 'request' },
  { id: 'httpie', label: 'HTTPie', kind: 'request' },
  { id: 'fetch', label: 'fetch', kind: 'request' },
  { id: 'vitest', label: 'Vitest test', kind: 'test' },
  { id: 'playwright', label: 'Playwright test', kind: 'test' },
]

/** The target as the user set it: a base URL is kept as typed, checked when used. */
export type TargetChoice = { kind: 'worker' } | { kind: 'http-mode'; port: string } | { kind: 'base-url'; text: string }

export interface SnippetView {
  /** The text to copy; null when there is none for this choice. */
  text: string | null
  /** Why there is no text, or what to do for it to work. */
  note: string
  /** The note is a problem to fix, not a hint. */
  problem: boolean
}

/** curl and HTTPie run outside the browser: no service worker answers them. */
export const reachesWorker = (format: SnippetFormat) => format === 'fetch'

const WORKER_UNREACHABLE =
  "curl and HTTPie run outside the browser, so this page's service worker never sees their requests (the page's server answers them with an empty 404). Choose the HTTP mode or a base URL."

function resolveTarget(choice: TargetChoice): { ok: true; target: SnippetTarget } | { ok: false; reason: string } {
  if (choice.kind === 'worker') return { ok: true, target: choice }
  if (choice.kind === 'http-mode') {
    const port = Number(choice.port)
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      return { ok: false, reason: 'The port is a whole number from 1 to 65535.' }
    return { ok: true, target: { kind: 'http-mode', port } }
  }
  const parsed = parseBaseUrl(choice.text)
  return parsed.ok
    ? { ok: true, target: { kind: 'base-url', baseUrl: parsed.baseUrl } }
    : { ok: false, reason: `${parsed.reason}.` }
}

function targetNote(target: SnippetTarget, format: SnippetFormat): string {
  if (target.kind === 'worker') return "Paste it in this page's devtools console: the mock worker answers it."
  if (target.kind === 'base-url') return `Sends to ${target.baseUrl}, path and query as they were sent.`
  const port = target.port === HTTP_MODE_PORT ? '' : ` --port ${target.port}`
  const where = format === 'fetch' ? ' Runs in Node 18+ or a page (the HTTP mode allows any origin).' : ''
  return `Start the HTTP mode first: ${HTTP_MODE_COMMAND}${port} (it listens on 127.0.0.1:${target.port}).${where}`
}

function testView(exchange: Exchange, format: 'vitest' | 'playwright'): SnippetView {
  const text = format === 'vitest' ? toVitestTest(exchange) : toPlaywrightTest(exchange)
  if (text === null)
    return { text: null, note: 'This request got no answer, so there is nothing to assert.', problem: true }
  const note =
    format === 'vitest'
      ? 'A whole test file: needs msw and artefact-preview-mock installed, and runs in Node (msw/node) against a fresh mock.'
      : "A whole spec on the package's fixture: your app must start the mock with await startMockWorker(), and baseURL point at it."
  return { text, note, problem: false }
}

/**
 * The text for `format` sent to `choice` (tests bring their own mock and ignore it).
 *
 * @example
 * snippetView(exchange, 'curl', { kind: 'http-mode', port: '8787' }).text // curl -i -X 'GET' 'http://127.0.0.1:8787/...'
 */
export function snippetView(
  exchange: Exchange,
  format: SnippetFormat,
  choice: TargetChoice,
  origin?: string,
): SnippetView {
  if (format === 'vitest' || format === 'playwright') return testView(exchange, format)
  if (choice.kind === 'worker' && !reachesWorker(format)) return { text: null, note: WORKER_UNREACHABLE, problem: true }
  const resolved = resolveTarget(choice)
  if (!resolved.ok) return { text: null, note: resolved.reason, problem: true }
  const base = targetBase(resolved.target, origin)
  const { request } = exchange
  const text =
    format === 'curl'
      ? toCurl(request, base)
      : format === 'httpie'
        ? toHttpie(request, base)
        : toFetchSnippet(request, base)
  const caveat =
    format === 'httpie' && !httpieCanSend(request.headers)
      ? ' HTTPie cannot send one header value exactly: see the first line.'
      : ''
  return { text, note: `${targetNote(resolved.target, format)}${caveat}`, problem: false }
}
