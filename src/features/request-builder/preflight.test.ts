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
  const body = (await response.json().catch(() => null)) as { hasErrors?: boolean } | null
  return { forecast, answer: { status: response.status, inBody: body?.hasErrors === true } }
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
  ['text/plain', create({ contentType: value('text/plain') })],
  ['Accept text/html', { ...get(SEED.published), accept: value('text/html') }],
  ['a stored id', get(SEED.published)],
  ['an id with spaces', get('not an id')],
  ['a well-formed unknown id', get(SEED.unknown)],
  ['an empty id', get('')],
  ['a taken category name', { ...exampleDraft('createCategory'), body: '{"name": "getting STARTED"}' }],
  ['Prefer code=429', { ...get(SEED.published), prefer: value('code=429') }],
  ['Prefer code=200', { ...get(SEED.published), prefer: value('code=200') }],
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
  test(`forecasts the mock's answer to ${name}`, async () => {
    const mock = startMock()
    const { forecast, answer } = await forecastAndAnswer(mock, draft)
    expect({ status: forecast.status, inBody: forecast.inBody }).toEqual(answer)
  })
}

test('forecasts maintenance and a used-up quota from the mock control', async () => {
  const mock = startMock({ quota: 0 })
  expect((await forecastAndAnswer(mock, get(SEED.published))).forecast.findings[0]).toMatchObject({
    status: 403,
    field: 'mock',
  })
  mock.control.set({ maintenance: true })
  const { forecast, answer } = await forecastAndAnswer(mock, get(SEED.published))
  expect(forecast.status).toBe(503)
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
