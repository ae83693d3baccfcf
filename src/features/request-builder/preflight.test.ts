import { expect, test } from 'vitest'
import { ORIGIN, SEED, startMock } from '#mocks/testing/support.ts'
import type { RequestDraft } from '../../app/model.ts'
import { exampleDraft } from '../operations/examples.ts'
import { planRequest, toRequest } from './build-request.ts'
import { freeFromForm } from './free-request.ts'
import { preflight } from './preflight.ts'

const value = (text: string) => ({ mode: 'value', value: text }) as const
const create = (patch: Partial<RequestDraft> = {}): RequestDraft => ({ ...exampleDraft('createArtefact'), ...patch })
const get = (id: string): RequestDraft => exampleDraft('getArtefact', id)
const free = (draft: RequestDraft, patch: Partial<NonNullable<RequestDraft['free']>>): RequestDraft => ({
  ...draft,
  advanced: true,
  free: { ...freeFromForm(draft), ...patch },
})

/** The forecast for a draft and the mock's real answer to it, side by side. */
async function forecastAndAnswer(mock: ReturnType<typeof startMock>, draft: RequestDraft) {
  const plan = planRequest(draft, ORIGIN)
  const forecast = preflight(plan, { store: mock.store, control: mock.control.getSnapshot(), now: mock.clock.now })
  const response = await fetch(toRequest(plan))
  const body = (await response.json().catch(() => null)) as { hasErrors?: boolean; errors?: string[] } | null
  return {
    forecast,
    answer: { status: response.status, inBody: body?.hasErrors === true },
    /** The mock's own words: its X-Mock-Reason, or the first error a hasErrors body lists. */
    reason: response.headers.get('X-Mock-Reason') ?? body?.errors?.[0] ?? null,
  }
}

const CASES: Array<[string, RequestDraft]> = [
  ['the create example', create()],
  ['isDraft yes', create({ isDraft: value('yes') })],
  ['an unknown category id', create({ body: '{"title": "Orphan", "category": {"id": 999}}' })],
  [
    'a repeated query',
    create({ body: '{"title": "Twice", "primaryQuery": "pin", "queryVariations": [{"query": "Pin"}]}' }),
  ],
  ['no title', create({ body: '{"primaryQuery": "no title"}' })],
  ['malformed JSON', create({ body: '{"title": ' })],
  ['an empty body', create({ body: '' })],
  ['a JSON array', create({ body: '[1]' })],
  ['text/plain', create({ contentType: value('text/plain') })],
  ["fetch's text/plain label over a JSON body", create({ contentType: value('text/plain;charset=UTF-8') })],
  ["axios's default Accept", { ...get(SEED.published), accept: value('application/json, text/plain, */*') }],
  ['Accept text/html', { ...get(SEED.published), accept: value('text/html') }],
  ['a stored id', get(SEED.published)],
  ['an id with spaces', get('not an id')],
  ['a well-formed unknown id', get(SEED.unknown)],
  ['an empty id', get('')],
  ['a taken category name', { ...exampleDraft('createCategory'), body: '{"name": "getting STARTED"}' }],
  ['Prefer code=429', { ...get(SEED.published), prefer: value('code=429') }],
  ['Prefer code=200', { ...get(SEED.published), prefer: value('code=200') }],
  ['Prefer code=405', { ...get(SEED.published), prefer: value('code=405') }],
  ['a free PUT', free(get(SEED.published), { method: 'PUT' })],
  ['a free OPTIONS', free(get(SEED.published), { method: 'OPTIONS' })],
  ['a free unknown path', free(get(SEED.published), { path: '/resources/nothing' })],
  [
    'a free isDraft given twice',
    free(create(), {
      query: [
        { on: true, name: 'isDraft', value: 'true' },
        { on: true, name: 'isDraft', value: 'false' },
      ],
    }),
  ],
]

for (const [name, draft] of CASES) {
  test(`forecasts the mock's answer to ${name}, in its words`, async () => {
    const mock = startMock()
    const { forecast, answer, reason } = await forecastAndAnswer(mock, draft)
    expect({ status: forecast.status, inBody: forecast.inBody }).toEqual(answer)
    expect(forecast.findings[0]?.message ?? null).toBe(reason)
  })
}

test('forecasts the mock control: a forced status, a used-up quota, a full rate window, maintenance', async () => {
  const mock = startMock({ rateLimit: { calls: 1, windowSeconds: 60 } })
  mock.control.forceNext(503)
  const forced = await forecastAndAnswer(mock, get(SEED.published))
  expect(forced.forecast.findings[0]).toMatchObject({ status: 503, field: 'mock', message: forced.reason })
  expect((await forecastAndAnswer(mock, get(SEED.published))).answer.status).toBe(200)
  const rated = await forecastAndAnswer(mock, get(SEED.published))
  expect(rated.forecast.findings[0]).toMatchObject({ status: 429, field: 'mock', message: rated.reason })
  mock.control.set({ rateLimit: null, quota: 0 })
  const used = await forecastAndAnswer(mock, get(SEED.published))
  expect(used.forecast.findings[0]).toMatchObject({ status: 403, field: 'mock', message: used.reason })
  mock.control.set({ maintenance: true })
  const { forecast, answer, reason } = await forecastAndAnswer(mock, get(SEED.published))
  expect({ status: forecast.status, message: forecast.findings[0]?.message }).toEqual({ status: 503, message: reason })
  expect(answer.status).toBe(503)
})

test('points a data-set rule at its field in the body', () => {
  const mock = startMock()
  const plan = planRequest(create({ body: '{"title": "Orphan", "category": {"id": 999}}' }), ORIGIN)
  const { findings } = preflight(plan, { store: mock.store, control: mock.control.getSnapshot(), now: mock.clock.now })
  expect(findings).toEqual([
    {
      status: 200,
      field: 'body',
      bodyPath: 'category.id',
      message: 'category.id: no category has id 999.',
      inBody: true,
    },
  ])
})

test('names the query parameter and the path parameter a 400 is about', () => {
  const mock = startMock()
  const context = { store: mock.store, control: mock.control.getSnapshot(), now: mock.clock.now }
  expect(preflight(planRequest(create({ isDraft: value('yes') }), ORIGIN), context).findings[0]).toMatchObject({
    field: 'isDraft',
    status: 400,
  })
  expect(preflight(planRequest(get('a b'), ORIGIN), context).findings[0]).toMatchObject({ field: 'id', status: 400 })
})
