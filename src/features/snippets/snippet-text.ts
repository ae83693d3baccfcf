/**
 * What the Copy as dialog shows for a format and a target: the text to copy, or why there
 * is none, and a note on where it runs. Pure, so the dialog only renders it.
 */
import type { Exchange } from '../../app/model.ts'
import { httpieCanSend, toHttpie } from './httpie-snippet.ts'
import { toPlaywrightTest } from './playwright-test.ts'
import { NO_SESSION, type SessionLookup } from './session-category.ts'
import type { SnippetHome } from './snippet-home.tsx'
import { parseBaseUrl, type SnippetTarget, serveCommand, targetBase } from './snippet-target.ts'
import { toCurl, toFetchSnippet } from './snippets.ts'
import { testPlanOf } from './test-plan.ts'
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
  /** What the target will answer otherwise than this page did (an id only this browser holds); null: nothing. */
  warning: string | null
}

/** Where the dialog runs and what the page's mock holds. */
export interface SnippetContext {
  /** This page's origin (the worker's); default: the page's own. */
  origin?: string
  home?: SnippetHome
  session?: SessionLookup
  /** Where a test imports the mock from; default: this repo's source in the repo, else the package. */
  imports?: 'package' | 'repo'
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

function targetNote(target: SnippetTarget, format: SnippetFormat, home: SnippetHome): string {
  if (target.kind === 'worker') return "Paste it in this page's devtools console: the mock worker answers it."
  if (target.kind === 'base-url') return `Sends to ${target.baseUrl}, path and query as they were sent.`
  const where = format === 'fetch' ? ' Runs in Node 18+ or a page (the HTTP mode allows any origin).' : ''
  const elsewhere =
    home === 'repo' ? ` in this repo (in an app that installed the package: ${serveCommand(target.port, 'app')})` : ''
  return `Sends to the HTTP mode at 127.0.0.1:${target.port}. Start it first: ${serveCommand(target.port, home)}${elsewhere}.${where}`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The ids the request names that only this browser's mock holds, said as what the target will answer instead. */
function onlyHereWarning(exchange: Exchange, session: SessionLookup): string | null {
  const { request } = exchange
  const last = URL.canParse(request.url, 'http://x') ? new URL(request.url, 'http://x').pathname.split('/').pop() : ''
  const said: string[] = []
  if (last && UUID.test(last) && session.artefactOnlyHere(last))
    said.push(`artefact ${last} was created in this page, so another mock answers 404 for it`)
  const plan = testPlanOf(exchange, session)
  if (plan?.category && !plan.recreate)
    said.push(`category “${plan.category.name}” was created in this page, so another mock does not know it`)
  if (said.length === 0) return null
  return `Only in this browser: ${said.join('; ')}. Create it there first, or copy as a test, which makes it again.`
}

function testView(exchange: Exchange, format: 'vitest' | 'playwright', context: SnippetContext): SnippetView {
  const home = context.home ?? 'app'
  const imports = context.imports ?? (home === 'repo' ? 'repo' : 'package')
  const options = { session: context.session ?? NO_SESSION, imports }
  const text = format === 'vitest' ? toVitestTest(exchange, options) : toPlaywrightTest(exchange, options)
  if (text === null)
    return {
      text: null,
      note: 'This request got no answer, so there is nothing to assert.',
      problem: true,
      warning: null,
    }
  const made = testPlanOf(exchange, options.session)
  const first = made?.recreate
    ? ' It first makes again the artefact this page had created.'
    : made?.category
      ? ` It first makes the category “${made.category.name}” this page had created, and uses the id the mock gives it.`
      : ''
  return { text, note: `${TEST_NOTES[format][imports]}${first}`, problem: false, warning: null }
}

/** What a test file needs to run, for each format and where it imports the mock from. */
export const TEST_NOTES = {
  vitest: {
    repo: "For this repo: it imports the mock's source (#mocks/index.ts), so no build is needed. Save it under src/ (where Vitest looks), e.g. src/artefact-mock.test.ts, and run npx vitest run src/artefact-mock.test.ts.",
    package:
      "For an app that installed the package (npm i -D artefact-preview-mock msw): runs in Node (msw/node) against a fresh mock. In a clone of this repo the package's name needs npm run build:lib first: choose this repo's source instead.",
  },
  playwright: {
    repo: "For this repo's e2e suite: it imports the fixture's source (#mocks/playwright.ts), so no build is needed. Save it under e2e/, e.g. e2e/artefact-mock.spec.ts, and run npx playwright test e2e/artefact-mock.spec.ts --project=chromium (the config serves the explorer).",
    package:
      "For an app that installed the package: your app must start the mock with await startMockWorker(), and baseURL point at it. In a clone of this repo the package's name needs npm run build:lib first: choose this repo's source instead.",
  },
} as const

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
  context: SnippetContext = {},
): SnippetView {
  if (format === 'vitest' || format === 'playwright') return testView(exchange, format, context)
  if (choice.kind === 'worker' && !reachesWorker(format))
    return { text: null, note: WORKER_UNREACHABLE, problem: true, warning: null }
  const resolved = resolveTarget(choice)
  if (!resolved.ok) return { text: null, note: resolved.reason, problem: true, warning: null }
  const base = targetBase(resolved.target, context.origin)
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
  const warning = resolved.target.kind === 'worker' ? null : onlyHereWarning(exchange, context.session ?? NO_SESSION)
  return {
    text,
    note: `${targetNote(resolved.target, format, context.home ?? 'app')}${caveat}`,
    problem: false,
    warning,
  }
}
