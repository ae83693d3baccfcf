/**
 * What a generated test does to get the answer an exchange got from a fresh mock, and
 * what it asserts: the control steps the answer needed (maintenance, a forced status),
 * the data the explorer session had created (a category the answer depended on, an
 * artefact read back), the request, then status, key headers, body.
 * The Vitest and Playwright writers share it.
 */
import { PREFIX, seedArtefacts } from '#mocks/internal.ts'
import type { Exchange } from '../../app/model.ts'
import { Code } from './js-literal.ts'
import { regexCode } from './request-code.ts'
import {
  CATEGORY_ID,
  isSessionCategoryId,
  NO_SESSION,
  type SessionLookup,
  sessionCategoryOf,
} from './session-category.ts'
import { hasContentType, type SentRequest, snippetHeaders } from './snippet-target.ts'

export type ControlStep = { call: 'set'; settings: Record<string, unknown> } | { call: 'forceNext'; status: number }

/** An artefact the session created: the test creates it again (in `categoryId` when its category is new). */
export interface Recreate {
  /** The id the session's artefact had; the test asks for the new one instead. */
  id: string
  body: Record<string, unknown>
  isDraft: boolean
}

/** How a test is written: with the page's categories to name, and where it imports the mock from. */
export interface TestOptions {
  session?: SessionLookup
  /** `package`: `artefact-preview-mock`, as an app that installed it has; `repo`: this repo's source, no build. */
  imports?: 'package' | 'repo'
}

export interface HeaderCheck {
  name: string
  /** The exact value, or a pattern (source of a RegExp) where the value varies. */
  value: string | { pattern: string }
}

export interface TestPlan {
  title: string
  /** Path and query, for a page's fetch; `url` is the request's whole URL, for Node. */
  path: string
  url: string
  request: SentRequest
  /** True when the body must go as bytes (no Content-Type). */
  bytesBody: boolean
  setup: ControlStep[]
  /** A category the session had created that the answer depended on: made first, its id is then `categoryId`. */
  category: { name: string } | null
  /** The request body naming `categoryId` instead of the session's id; null: the body as sent. */
  requestBody: Record<string, unknown> | null
  recreate: Recreate | null
  status: number
  headers: HeaderCheck[]
  /** The body as a JS expression with matchers, or the text when it is not JSON. */
  body: { json: unknown } | { text: string }
}

const ANY_STRING = new Code('expect.any(String)')
const ANY_NUMBER = new Code('expect.any(Number)')
const SEED_IDS = new Set(seedArtefacts.map((artefact) => artefact.id))
const endsWithPath = (href: string) =>
  URL.canParse(href) ? new Code(`expect.stringMatching(${regexCode(`${escapeRegex(new URL(href).pathname)}$`)})`) : href

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

function pathOf(url: string): string {
  const parsed = new URL(url, 'http://localhost')
  return `${parsed.pathname}${parsed.search}`
}

const header = (headers: ReadonlyArray<[string, string]>, name: string) =>
  headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? null

/** The control steps a mock-control answer needs; a Prefer header in the request needs none. */
function setupFor(status: number, reason: string): ControlStep[] {
  if (/^maintenance mode is on/.test(reason)) return [{ call: 'set', settings: { maintenance: true } }]
  if (/^call volume quota used up/.test(reason)) return [{ call: 'set', settings: { quota: 0 } }]
  // The rate limit's window and the next forced status give the same answer; forcing needs no timing.
  if (/^rate limit reached|^forced by the mock control/.test(reason)) return [{ call: 'forceNext', status }]
  return []
}

type ArtefactBody = Record<string, unknown> & { id: string; category: { id: number; name: string } | null }
const present = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null && value !== undefined))
const items = (value: unknown) => (Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [])

/** The create body that makes this artefact again (behaviour §7 read backwards). */
export function createBodyOf(
  artefact: Record<string, unknown>,
  categoryId: number | Code | null,
): Record<string, unknown> {
  const content = (source: 'source' | 'href') => (item: Record<string, unknown>) =>
    present({
      mediaType: item.mediaType,
      text: item.text,
      [source]: item.href,
      resourceLocation: item.resourceLocation,
    })
  return present({
    title: artefact.title,
    content: items(artefact.content).map(content('source')),
    variations: items(artefact.variations).map((variation) => ({
      content: items(variation.content).map(content('href')),
      channels: items(variation.channels).map((channel) => present({ id: channel.id, name: channel.name })),
    })),
    category: categoryId === null ? null : { id: categoryId },
    primaryQuery: artefact.primaryQuery,
    queryVariations: items(artefact.queryVariations).map((variation) => ({ query: variation.query })),
    productDocumentId: artefact.productDocumentId,
    productDocumentVersion: artefact.productDocumentVersion,
    metaData: artefact.metaData,
  })
}

/** The body with what a fresh mock makes anew (ids, dates, links) as matchers. */
function expectedBody(parsed: unknown, recreated: boolean): unknown {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return parsed
  const body = { ...(parsed as Record<string, unknown>) }
  if ('responseId' in body) body.responseId = ANY_STRING
  if ('categoryId' in body) body.categoryId = ANY_NUMBER
  // A link names the origin the request went to: the test's own, not the explorer's.
  if (Array.isArray(body.links)) {
    body.links = items(body.links).map((link) => ({
      ...link,
      href: typeof link.href === 'string' ? endsWithPath(link.href) : link.href,
    }))
  }
  if (!recreated) return body
  const dated = (item: Record<string, unknown>) => ({ ...item, dateCreated: ANY_STRING, dateModified: ANY_STRING })
  const artefact = body as ArtefactBody
  return {
    ...dated(artefact),
    id: ANY_STRING,
    links: items(artefact.links).map((link) => ({ ...link, href: ANY_STRING })),
    variations: items(artefact.variations).map(dated),
    category:
      artefact.category &&
      (isSessionCategoryId(artefact.category.id) ? { ...dated(artefact.category), id: ANY_NUMBER } : artefact.category),
  }
}

/** The artefact a GET read that the session had created, and its category when the session made that too. */
function recreateFor(exchange: Exchange, parsed: unknown): { recreate: Recreate; category: string | null } | null {
  const { request, response } = exchange
  if (request.method !== 'GET' || response?.status !== 200 || typeof parsed !== 'object' || parsed === null) return null
  const artefact = parsed as ArtefactBody
  if (typeof artefact.id !== 'string' || SEED_IDS.has(artefact.id)) return null
  const category = artefact.category
  const newCategory = category !== null && isSessionCategoryId(category.id)
  const recreate = {
    id: artefact.id,
    body: createBodyOf(artefact, category === null ? null : newCategory ? CATEGORY_ID : category.id),
    isDraft: header(response.headers, 'x-artefact-status') === 'draft',
  }
  return { recreate, category: newCategory ? category.name : null }
}

function headerChecks(status: number, headers: ReadonlyArray<[string, string]>): HeaderCheck[] {
  const checks: HeaderCheck[] = []
  for (const name of ['content-type', 'allow', 'x-artefact-status', 'retry-after']) {
    const value = header(headers, name)
    if (value === null) continue
    checks.push({ name, value: name === 'retry-after' && status === 429 ? { pattern: '^\\d+$' } : value })
  }
  return checks
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * The plan of a test for an answered exchange; null when there was no answer. `session` names
 * the categories the page's mock holds, so one the test makes again keeps its name.
 */
export function testPlanOf(exchange: Exchange, session: SessionLookup = NO_SESSION): TestPlan | null {
  const { request, response } = exchange
  if (!response) return null
  const parsed = parseJson(response.body)
  const read = parsed.ok ? recreateFor(exchange, parsed.value) : null
  const recreate = read?.recreate ?? null
  const depends = sessionCategoryOf(exchange, session)
  const categoryName = read?.category ?? depends?.name ?? null
  const path = pathOf(request.url)
  const shown = path.startsWith(PREFIX) ? path.slice(PREFIX.length) : path
  return {
    title: `${request.method} ${shown} answers ${response.status}`,
    path,
    url: request.url,
    request: { ...request, headers: snippetHeaders(request.headers) },
    bytesBody: request.body !== null && !hasContentType(request.headers),
    setup: setupFor(response.status, header(response.headers, 'x-mock-reason') ?? ''),
    category: categoryName === null ? null : { name: categoryName },
    requestBody: depends?.body ?? null,
    recreate,
    status: response.status,
    headers: headerChecks(response.status, response.headers),
    body: parsed.ok ? { json: expectedBody(parsed.value, recreate !== null) } : { text: response.body },
  }
}
