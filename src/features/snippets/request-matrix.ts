/**
 * For the snippet and copy-as-test proofs: requests as the explorer sends them, across all
 * three operations, isDraft values, Accept and Content-Type variants and bad bodies, and
 * the answer the mock gives each (the explorer's view, through msw's getResponse).
 */
import { getResponse } from 'msw'
import { createControl, createHandlers, type MockControl, PREFIX } from '#mocks/internal.ts'
import type { Exchange } from '../../app/model.ts'
import type { SentRequest } from './snippet-target.ts'

export const EXPLORER_ORIGIN = 'http://localhost:5173'
const ARTEFACT = `${EXPLORER_ORIGIN}${PREFIX}/resources/artefact`
const CATEGORY = `${EXPLORER_ORIGIN}${PREFIX}/resources/artefactcategory`
const SEED_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'
const MARKER: [string, string] = ['X-Artefact-Explorer', '1']
const JSON_TYPE: [string, string] = ['Content-Type', 'application/json']
const ARTEFACT_BODY = JSON.stringify({
  title: 'Pay by invoice',
  content: [{ mediaType: 'text/html', text: '<p>Ask for an invoice &amp; pay in 30 days.</p>' }],
  category: { id: 1 },
  primaryQuery: 'invoice',
  queryVariations: [{ query: 'pay later' }],
  metaData: { audience: { values: ['admins'], dataType: 'string' } },
})

const get = (path: string, headers: Array<[string, string]> = []): SentRequest => ({
  method: 'GET',
  url: `${ARTEFACT}/${path}`,
  headers: [...headers, MARKER],
  body: null,
})
const post = (url: string, body: string, headers: Array<[string, string]> = [JSON_TYPE]): SentRequest => ({
  method: 'POST',
  url,
  headers: [...headers, MARKER],
  body,
})

/** Named requests; each name says what the mock answers. */
export const REQUEST_MATRIX: ReadonlyArray<[string, SentRequest]> = [
  ['get: a stored artefact', get(SEED_ID)],
  ['get: Accept application/json', get(SEED_ID, [['Accept', 'application/json']])],
  ['get: Accept */* with q', get(SEED_ID, [['Accept', 'application/*;q=0.9, */*;q=0.1']])],
  ['get: 406 for Accept text/html', get(SEED_ID, [['Accept', 'text/html']])],
  ['get: 406 for json and text', get(SEED_ID, [['Accept', 'application/json, text/plain']])],
  ['get: Content-Type ignored', get(SEED_ID, [['Content-Type', 'text/plain']])],
  ['get: 404 for an unknown id', get('0a1e0001-5c0f-4a11-9c00-0000000000ff')],
  ['get: 400 for an id that is no UUID', get('not-a-uuid')],
  ['get: 503 forced by Prefer', get(SEED_ID, [['Prefer', 'code=503']])],
  ['get: 405 forced by Prefer', get(SEED_ID, [['Prefer', 'code=405']])],
  ['get: 400 for Prefer code=200', get(SEED_ID, [['Prefer', 'code=200']])],
  ['category: 201 with Content-Type omitted', post(CATEGORY, '{"name":"Billing"}', [])],
  ['category: 201 with application/json', post(CATEGORY, '{"name":"Billing"}')],
  [
    'category: 201 with a charset',
    post(CATEGORY, '{"name":"Billing"}', [['Content-Type', 'application/json; charset=utf-8']]),
  ],
  ['category: 201 with Accept', post(CATEGORY, '{"name":"Billing"}', [['Accept', 'application/json'], JSON_TYPE])],
  ['category: 415 for text/plain', post(CATEGORY, '{"name":"Billing"}', [['Content-Type', 'text/plain']])],
  [
    'category: 415 for form data',
    post(CATEGORY, 'name=Billing', [['Content-Type', 'application/x-www-form-urlencoded']]),
  ],
  ['category: 415 for an empty Content-Type', post(CATEGORY, '{"name":"Billing"}', [['Content-Type', '']])],
  [
    'category: 406 before 415',
    post(CATEGORY, '{"name":"Billing"}', [
      ['Accept', 'text/html'],
      ['Content-Type', 'text/plain'],
    ]),
  ],
  ['category: 400 for an empty body', post(CATEGORY, '', [])],
  ['category: 400 for broken JSON', post(CATEGORY, '{"name":')],
  ['category: 400 for a JSON array', post(CATEGORY, '[]', [])],
  ['category: 400 for a body starting with @', post(CATEGORY, '@name.json', [])],
  ['category: 422 for no name', post(CATEGORY, '{}')],
  ['category: 422 for a taken name', post(CATEGORY, '{"name":"  getting STARTED "}')],
  ['category: 201 with quotes and unicode', post(CATEGORY, `{"name":"Rock 'n' roll — \\"live\\" ✓ $HOME \`x\`"}`, [])],
  ['artefact: 200 with isDraft omitted', post(ARTEFACT, ARTEFACT_BODY)],
  ['artefact: 200 with isDraft=true', post(`${ARTEFACT}?isDraft=true`, ARTEFACT_BODY, [])],
  ['artefact: 200 with isDraft=false', post(`${ARTEFACT}?isDraft=false`, ARTEFACT_BODY)],
  ['artefact: 400 for isDraft=yes', post(`${ARTEFACT}?isDraft=yes`, ARTEFACT_BODY)],
  ['artefact: 400 for isDraft twice', post(`${ARTEFACT}?isDraft=true&isDraft=false`, ARTEFACT_BODY)],
  [
    'artefact: 200 with hasErrors',
    post(ARTEFACT, '{"title":"Orphan","category":{"id":999},"productDocumentVersion":2}'),
  ],
  ['artefact: 422 for a long title', post(ARTEFACT, JSON.stringify({ title: 'x'.repeat(513) }))],
  [
    'artefact: 415 for text/plain;charset=UTF-8',
    post(ARTEFACT, ARTEFACT_BODY, [['Content-Type', 'text/plain;charset=UTF-8']]),
  ],
  ['artefact: 429 forced by Prefer', post(ARTEFACT, ARTEFACT_BODY, [['Prefer', 'code=429']])],
  ['fallback: 405 for DELETE', { method: 'DELETE', url: `${ARTEFACT}/${SEED_ID}`, headers: [MARKER], body: null }],
  ['fallback: 404 for an unknown path', get(`${SEED_ID}/versions`)],
]

/** The request as the explorer sends it: the body as bytes, so no header is added. */
export function toRequest(request: SentRequest): Request {
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body === null ? null : new TextEncoder().encode(request.body),
  })
}

/** The exchange the explorer would show for `request`, answered by `control`'s mock (default: a fresh one). */
export async function explorerExchange(
  request: SentRequest,
  control: MockControl = createControl(),
): Promise<Exchange> {
  const response = await getResponse(createHandlers({ control }), toRequest(request))
  if (!response) throw new Error(`no handler answered ${request.method} ${request.url}`)
  return {
    id: crypto.randomUUID(),
    at: Date.now(),
    operation: null,
    request,
    response: {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: await response.text(),
    },
    failure: null,
    durationMs: 0,
    source: 'explorer',
  }
}

const bodyOf = <T>(exchange: Exchange): T => JSON.parse(exchange.response?.body ?? 'null') as T

/**
 * Answers that depend on the session: conditions set in the mock controls, an artefact
 * created in a category the session made (by its id, then by its name), read back, and that
 * category's name asked for again.
 */
export async function sessionExchanges(): Promise<Exchange[]> {
  const stored = get(SEED_ID)
  const control = createControl()
  const exchanges: Exchange[] = []
  control.set({ maintenance: true })
  exchanges.push(await explorerExchange(stored, control))
  control.set({ maintenance: false })
  control.forceNext(422)
  exchanges.push(await explorerExchange(stored, control))
  control.set({ quota: 0 })
  exchanges.push(await explorerExchange(stored, control))
  control.set({ quota: null, rateLimit: { calls: 1, windowSeconds: 60 } })
  await explorerExchange(stored, control)
  exchanges.push(await explorerExchange(stored, control))
  control.set({ rateLimit: null })
  const category = await explorerExchange(post(CATEGORY, '{"name":"Travel"}'), control)
  const { categoryId } = bodyOf<{ categoryId: number }>(category)
  const body = JSON.stringify({
    ...JSON.parse(ARTEFACT_BODY),
    category: { id: categoryId },
    variations: [
      { content: [{ mediaType: 'image/png', href: 'https://cdn.example.test/a.png' }], channels: [{ id: 4 }] },
    ],
  })
  const created = await explorerExchange(post(`${ARTEFACT}?isDraft=true`, body), control)
  // Created in the session's own category: a fresh mock must make the category first (issue 37).
  exchanges.push(created)
  const { responseId } = bodyOf<{ responseId: string }>(created)
  exchanges.push(await explorerExchange(get(responseId), control))
  // The same category named, not numbered; and its name asked for again (422, taken).
  const byName = JSON.stringify({ title: 'By name', category: { name: 'travel' } })
  exchanges.push(await explorerExchange(post(ARTEFACT, byName), control))
  exchanges.push(await explorerExchange(post(CATEGORY, '{"name":"Travel"}'), control))
  return exchanges
}
