import { describe, expect, test } from 'vitest'
import type { Exchange } from '../../app/model.ts'
import { Code } from './js-literal.ts'
import { createBodyOf, testPlanOf } from './test-plan.ts'

const ORIGIN = 'http://localhost:5173'
const ARTEFACT = `${ORIGIN}/v3/preview-upcoming/resources/artefact`
const SEED_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

const answered = (
  status: number,
  headers: Array<[string, string]>,
  body: string,
  url = `${ARTEFACT}/${SEED_ID}`,
): Exchange => ({
  id: 'x',
  at: 0,
  operation: 'getArtefact',
  request: {
    method: 'GET',
    url,
    headers: [
      ['X-Artefact-Explorer', '1'],
      ['user-agent', 'x'],
    ],
    body: null,
  },
  response: { status, statusText: '', headers: [['content-type', 'application/json'], ...headers], body },
  failure: null,
  durationMs: 1,
  source: 'explorer',
})
const error = (status: number, reason: string, headers: Array<[string, string]> = []) =>
  answered(status, [['x-mock-reason', reason], ...headers], JSON.stringify({ errorCode: String(status), message: 'x' }))

describe('testPlanOf', () => {
  test('names the request and the status, in present tense', () => {
    expect(testPlanOf(error(404, 'id: no artefact'))?.title).toBe(`GET /resources/artefact/${SEED_ID} answers 404`)
  })

  test('sets up what the mock controls did, and nothing for a Prefer header', () => {
    expect(testPlanOf(error(503, 'maintenance mode is on (mock control)'))?.setup).toEqual([
      { call: 'set', settings: { maintenance: true } },
    ])
    expect(testPlanOf(error(403, 'call volume quota used up: 3 calls of 3 (mock control)'))?.setup).toEqual([
      { call: 'set', settings: { quota: 0 } },
    ])
    expect(testPlanOf(error(429, 'rate limit reached: more than 1 calls in 60 s (mock control)'))?.setup).toEqual([
      { call: 'forceNext', status: 429 },
    ])
    expect(testPlanOf(error(422, 'forced by the mock control (next request: 422)'))?.setup).toEqual([
      { call: 'forceNext', status: 422 },
    ])
    expect(testPlanOf(error(503, 'forced by Prefer: code=503'))?.setup).toEqual([])
  })

  test('checks the key headers, a 429 Retry-After by pattern, and leaves out client-set request headers', () => {
    const plan = testPlanOf(
      error(429, 'forced by Prefer: code=429', [
        ['retry-after', '17'],
        ['x-powered-by', 'x'],
      ]),
    )
    expect(plan?.headers).toEqual([
      { name: 'content-type', value: 'application/json' },
      { name: 'retry-after', value: { pattern: '^\\d+$' } },
    ])
    expect(plan?.request.headers).toEqual([])
  })

  test('matches what a fresh mock makes anew: ids and the link origin', () => {
    const created = testPlanOf(
      answered(
        201,
        [],
        '{"categoryId":9,"categoryName":"Travel"}',
        `${ORIGIN}/v3/preview-upcoming/resources/artefactcategory`,
      ),
    )
    expect(created?.body).toEqual({ json: { categoryId: new Code('expect.any(Number)'), categoryName: 'Travel' } })
    const link = { href: `${ARTEFACT}/${SEED_ID}`, rel: 'self', type: 'GET' }
    const read = testPlanOf(answered(200, [], JSON.stringify({ id: SEED_ID, links: [link] })))
    expect(read?.recreate).toBeNull()
    expect(read?.body).toEqual({
      json: {
        id: SEED_ID,
        links: [
          {
            ...link,
            href: new Code(`expect.stringMatching(/\\/v3\\/preview-upcoming\\/resources\\/artefact\\/${SEED_ID}$/)`),
          },
        ],
      },
    })
  })

  test('recreates an artefact the session had created, as a draft in its new category', () => {
    const id = '6756458f-b41c-43dc-914f-ae70c73fa13d'
    const artefact = {
      id,
      title: 'Pay',
      content: [],
      variations: [],
      category: { id: 7, name: 'Travel' },
      primaryQuery: null,
      queryVariations: [],
      metaData: {},
      links: [],
    }
    const plan = testPlanOf(
      answered(200, [['x-artefact-status', 'draft']], JSON.stringify(artefact), `${ARTEFACT}/${id}`),
    )
    expect(plan?.recreate).toEqual({
      id,
      isDraft: true,
      body: expect.objectContaining({ title: 'Pay', category: { id: new Code('categoryId') } }),
    })
    expect(plan?.category).toEqual({ name: 'Travel' })
  })

  const create = (body: unknown, answer: unknown, status = 200): Exchange => ({
    ...answered(status, [], JSON.stringify(answer), ARTEFACT),
    operation: 'createArtefact',
    request: {
      method: 'POST',
      url: ARTEFACT,
      headers: [['Content-Type', 'application/json']],
      body: JSON.stringify(body),
    },
  })
  const stored = { responseId: 'r', hasErrors: false, errors: [] }
  const session = { categoryName: (id: number) => (id === 8 ? 'Travel' : undefined), artefactOnlyHere: () => false }

  test('makes the category a create named by id first, by its name in the page, and sends the id the mock gives', () => {
    const plan = testPlanOf(create({ title: 'T', category: { id: 8 } }, stored), session)
    expect(plan?.category).toEqual({ name: 'Travel' })
    expect(plan?.requestBody).toEqual({ title: 'T', category: { id: new Code('categoryId') } })
    // Written outside a page, the category still comes first, under a name of its own.
    expect(testPlanOf(create({ title: 'T', category: { id: 8 } }, stored))?.category).toEqual({
      name: 'Category 8 of the explorer session',
    })
  })

  test('makes a category a create named by name, and none the data set has or the answer said was missing', () => {
    expect(testPlanOf(create({ title: 'T', category: { name: 'Travel' } }, stored))?.category).toEqual({
      name: 'Travel',
    })
    expect(testPlanOf(create({ title: 'T', category: { id: 2 } }, stored))?.category).toBeNull()
    expect(testPlanOf(create({ title: 'T', category: { name: ' getting STARTED ' } }, stored))?.category).toBeNull()
    const missing = { ...stored, hasErrors: true, errors: ['category.id: no category has id 999.'] }
    const plan = testPlanOf(create({ title: 'T', category: { id: 999 } }, missing))
    expect(plan?.category).toBeNull()
    expect(plan?.requestBody).toBeNull()
  })

  test('takes a name the session had taken first, so the 422 is the same', () => {
    const taken: Exchange = {
      ...error(422, 'name: "Travel" is taken by category 8 (names are compared case-insensitively)'),
      operation: 'createCategory',
      request: {
        method: 'POST',
        url: `${ORIGIN}/v3/preview-upcoming/resources/artefactcategory`,
        headers: [],
        body: '{"name":"travel"}',
      },
    }
    expect(testPlanOf(taken, session)?.category).toEqual({ name: 'Travel' })
    expect(
      testPlanOf({ ...taken, request: { ...taken.request, body: '{"name":"Billing & plans"}' } })?.category,
    ).toBeNull()
  })

  test('is null for an exchange without an answer, and keeps a body that is not JSON as text', () => {
    expect(testPlanOf({ ...error(404, 'x'), response: null, failure: 'offline' })).toBeNull()
    expect(testPlanOf(answered(200, [], 'plain'))?.body).toEqual({ text: 'plain' })
  })
})

describe('createBodyOf', () => {
  test('reads behaviour §7 backwards: href becomes source at the top, nulls are left out', () => {
    const artefact = {
      title: 'T',
      content: [{ mediaType: 'image/png', text: null, href: 'https://cdn.example.test/a.png', resourceLocation: null }],
      variations: [
        {
          id: 1,
          content: [{ mediaType: 'text/plain', text: 'Hi', href: null, resourceLocation: 'r' }],
          channels: [{ id: 4, name: null }],
        },
      ],
      primaryQuery: null,
      queryVariations: [{ id: 1, query: 'q' }],
      productDocumentId: 3,
      productDocumentVersion: null,
      metaData: {},
    }
    expect(createBodyOf(artefact, 2)).toEqual({
      title: 'T',
      content: [{ mediaType: 'image/png', source: 'https://cdn.example.test/a.png' }],
      variations: [
        { content: [{ mediaType: 'text/plain', text: 'Hi', resourceLocation: 'r' }], channels: [{ id: 4 }] },
      ],
      category: { id: 2 },
      queryVariations: [{ query: 'q' }],
      productDocumentId: 3,
      metaData: {},
    })
  })
})
