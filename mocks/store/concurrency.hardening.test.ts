import 'fake-indexeddb/auto'
import { expect, test } from 'vitest'
import { seedArtefacts } from '../data/artefacts.ts'
import { seedCategories } from '../data/categories.ts'
import { indexedDbPersistence } from './indexeddb-persistence.ts'
import { CreateArtefactResponse, CreateCategoryResponse } from '../schemas/resources.ts'
import { createStore } from './store.ts'
import { ARTEFACT, CATEGORY, SEED, startMock } from '../testing/support.ts'

// Scale on top of mocks/handlers/concurrency.property.test.ts (which runs many small random batches).

const FIRST_NEW_CATEGORY = Math.max(...seedCategories.map((c) => c.id)) + 1
const range = (n: number) => Array.from({ length: n }, (_, i) => i)
const statusCounts = (responses: Response[]) =>
  responses.reduce<Record<number, number>>((counts, r) => {
    counts[r.status] = (counts[r.status] ?? 0) + 1
    return counts
  }, {})

test('1,000 creates sent at once give 1,000 distinct ids, every one readable with its own title', async () => {
  const mock = startMock()
  const responses = await Promise.all(
    range(1000).map((i) =>
      mock.post(`${ARTEFACT}?isDraft=${i % 2 === 0}`, {
        title: `parallel ${i}`,
        metaData: { n: { values: [String(i)], dataType: 'number' } },
      }),
    ),
  )
  const answers = await Promise.all(
    responses.map(async (r) => ({ status: r.status, ...CreateArtefactResponse.parse(await r.json()) })),
  )
  expect(answers.filter((a) => a.status === 200 && !a.hasErrors)).toHaveLength(1000)
  const ids = answers.map((a) => a.responseId)
  expect(new Set(ids).size).toBe(1000)
  expect(mock.store.getSnapshot().artefacts).toHaveLength(seedArtefacts.length + 1000)

  const reads = await Promise.all(ids.map((id) => mock.getArtefact(id)))
  expect(statusCounts(reads)).toEqual({ 200: 1000 })
  const bodies = await Promise.all(reads.map((r) => r.json()))
  bodies.forEach((body, i) => {
    expect([body.id, body.title, body.metaData.n.values[0]]).toEqual([ids[i], `parallel ${i}`, String(i)])
    expect(reads[i]!.headers.get('X-Artefact-Status')).toBe(i % 2 === 0 ? 'draft' : 'published')
  })
}, 60_000)

for (const where of ['memory', 'IndexedDB'] as const) {
  test(`200 category creates sent at once get ids ${FIRST_NEW_CATEGORY} to ${FIRST_NEW_CATEGORY + 199}, no gap or duplicate (${where})`, async () => {
    const database = `artefact-concurrency-test-${where}`
    const persisted = () => createStore({ persistence: indexedDbPersistence(database) })
    const mock = startMock({ store: where === 'memory' ? createStore() : persisted() })
    const responses = await Promise.all(range(200).map((i) => mock.post(CATEGORY, { name: `category ${i}` })))
    expect(statusCounts(responses)).toEqual({ 201: 200 })
    const created = await Promise.all(responses.map(async (r) => CreateCategoryResponse.parse(await r.json())))
    const ids = created.map((c) => c.categoryId).sort((a, b) => a - b)
    expect(ids).toEqual(range(200).map((i) => FIRST_NEW_CATEGORY + i))
    created.forEach((c) => expect(mock.store.getCategory(c.categoryId)?.name).toBe(c.categoryName))
    if (where === 'IndexedDB') {
      const reloaded = persisted()
      await reloaded.ready
      expect(
        reloaded
          .getSnapshot()
          .categories.map((c) => c.id)
          .sort((a, b) => a - b),
      ).toEqual([...seedCategories.map((c) => c.id), ...ids])
      expect(reloaded.getSnapshot().health.skipped).toEqual([])
    }
  }, 60_000)
}

const MIXED = (mock: ReturnType<typeof startMock>, i: number) =>
  i % 3 === 0
    ? mock.post(ARTEFACT, { title: `mixed ${i}` })
    : i % 3 === 1
      ? mock.post(CATEGORY, { name: `mixed ${i}` })
      : mock.getArtefact(SEED.published)

test('500 parallel calls of all three operations with a quota of 137: exactly 137 pass, 363 get 403, 500 counted', async () => {
  const mock = startMock({ quota: 137, latency: { mode: 'range', minMs: 0, maxMs: 5 } })
  const responses = await Promise.all(range(500).map((i) => MIXED(mock, i)))
  const passed = responses.filter((r) => r.status === 200 || r.status === 201).length
  expect({
    passed,
    refused: responses.filter((r) => r.status === 403).length,
    other: 500 - passed - responses.filter((r) => r.status === 403).length,
  }).toEqual({ passed: 137, refused: 363, other: 0 })
  expect(mock.control.getSnapshot().quotaUsed).toBe(500)
  const { artefacts, categories } = mock.store.getSnapshot()
  const writes = responses.filter((r, i) => i % 3 !== 2 && (r.status === 200 || r.status === 201)).length
  expect(artefacts.length + categories.length - seedArtefacts.length - seedCategories.length).toBe(writes)
}, 60_000)

test('500 parallel calls with a rate limit of 211 per hour: exactly 211 pass, 289 get 429 with Retry-After, 500 counted', async () => {
  const mock = startMock({
    rateLimit: { calls: 211, windowSeconds: 3600 },
    latency: { mode: 'range', minMs: 0, maxMs: 5 },
  })
  const responses = await Promise.all(range(500).map((i) => MIXED(mock, i)))
  const refused = responses.filter((r) => r.status === 429)
  expect({
    passed: responses.filter((r) => r.status === 200 || r.status === 201).length,
    refused: refused.length,
  }).toEqual({ passed: 211, refused: 289 })
  expect(refused.every((r) => r.headers.get('Retry-After') === '3600')).toBe(true)
  expect(mock.control.getSnapshot()).toMatchObject({ quotaUsed: 500, rateWindow: { calls: 500 } })
}, 60_000)

test('quota and rate limit together under 300 parallel calls: the quota (checked first) wins where both are exceeded', async () => {
  const mock = startMock({ quota: 50, rateLimit: { calls: 80, windowSeconds: 60 } })
  const responses = await Promise.all(range(300).map((i) => MIXED(mock, i)))
  // Calls 1-50 pass, 51-300 are over the quota (403) whatever the rate limit says.
  expect(statusCounts(responses)).toMatchObject({ 403: 250 })
  expect(responses.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(50)
}, 60_000)
