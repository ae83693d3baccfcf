import 'fake-indexeddb/auto'
import { createStore as createIdbStore, get, set } from 'idb-keyval'
import { expect, test, vi } from 'vitest'
import { seedArtefacts } from '../data/artefacts.ts'
import { seedCategories } from '../data/categories.ts'
import { indexedDbPersistence } from './indexeddb-persistence.ts'
import { CreateArtefactResponse, CreateCategoryResponse } from '../schemas/resources.ts'
import { createStore } from './store.ts'
import {
  ARTEFACT,
  CATEGORY,
  freshDatabase,
  HEALTHY_INDEXEDDB,
  quietWarnings,
  SEED,
  startMock,
} from '../testing/support.ts'

// Adds to mocks/store/store.test.ts (load rejected, corrupt records, failed writes): reloads at
// scale, IndexedDB missing or refusing to open, and a failed category transaction.

test('50 creates, then 5 reloads one after another: 50 of 50 present each time, 0 duplicates', async () => {
  const database = freshDatabase('persistence')
  const first = startMock({ store: createStore({ persistence: indexedDbPersistence(database) }) })
  const ids: string[] = []
  for (let i = 0; i < 50; i++) {
    ids.push(CreateArtefactResponse.parse(await (await first.post(ARTEFACT, { title: `kept ${i}` })).json()).responseId)
  }
  const categories = await Promise.all(
    Array.from({ length: 10 }, (_, i) => first.post(CATEGORY, { name: `kept ${i}` })),
  )
  const categoryIds = await Promise.all(
    categories.map(async (r) => CreateCategoryResponse.parse(await r.json()).categoryId),
  )
  first.close()

  for (let reload = 1; reload <= 5; reload++) {
    const store = createStore({ persistence: indexedDbPersistence(database) })
    await store.ready
    const { artefacts, categories: held, health } = store.getSnapshot()
    const heldIds = artefacts.map((r) => r.summary.id)
    expect({
      reload,
      present: ids.filter((id) => store.getArtefact(id)?.artefact.title === `kept ${ids.indexOf(id)}`).length,
      duplicates: heldIds.length - new Set(heldIds).size,
    }).toEqual({ reload, present: 50, duplicates: 0 })
    expect(artefacts).toHaveLength(seedArtefacts.length + 50)
    expect(held.map((c) => c.id).sort((a, b) => a - b)).toEqual([
      ...seedCategories.map((c) => c.id),
      ...categoryIds.sort((a, b) => a - b),
    ])
    expect(health).toStrictEqual(HEALTHY_INDEXEDDB)
  }
})

test('without IndexedDB at all the mock runs from memory, says so in health, and answers correctly', async () => {
  quietWarnings()
  vi.stubGlobal('indexedDB', undefined)
  const mock = startMock({ store: createStore({ persistence: indexedDbPersistence(freshDatabase('persistence')) }) })
  expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  expect(mock.store.getSnapshot().health.lastError).toMatch(/^load failed, running from memory/)
  const { responseId } = CreateArtefactResponse.parse(
    await (await mock.post(ARTEFACT, { title: 'memory only' })).json(),
  )
  expect((await (await mock.getArtefact(responseId)).json()).title).toBe('memory only')
  expect(mock.store.getSnapshot().health).toMatchObject({ mode: 'unsaved', lastErrorKind: 'load' })
  const category = await mock.post(CATEGORY, { name: 'memory only' })
  expect({ status: category.status, ...(await category.json()) }).toEqual({
    status: 201,
    categoryId: 7,
    categoryName: 'memory only',
  })
})

test('when IndexedDB refuses to open (blocked, private mode) the mock runs from memory and says so', async () => {
  quietWarnings()
  vi.stubGlobal('indexedDB', {
    open() {
      const request: Record<string, unknown> = {
        error: new DOMException('The operation failed for reasons unrelated to the database itself', 'UnknownError'),
      }
      setTimeout(() => (request.onerror as (() => void) | undefined)?.())
      return request
    },
  })
  const mock = startMock({ store: createStore({ persistence: indexedDbPersistence(freshDatabase('persistence')) }) })
  expect((await mock.getArtefact(SEED.draft)).headers.get('X-Artefact-Status')).toBe('draft')
  expect(mock.store.getSnapshot().health).toMatchObject({
    persistence: 'IndexedDB',
    lastError: expect.stringMatching(/running from memory: .*unrelated to the database/),
  })
  expect((await mock.post(ARTEFACT, { title: 'still answered' })).status).toBe(200)
})

test('a failed category transaction answers 503, holds nothing, and the id is free for the next create', async () => {
  quietWarnings()
  const database = freshDatabase('persistence')
  const real = indexedDbPersistence(database)
  let broken = true
  const persistence = {
    ...real,
    insertCategory: (request: Parameters<NonNullable<typeof real.insertCategory>>[0]) =>
      broken ? Promise.reject(new Error('transaction aborted')) : real.insertCategory!(request),
  }
  const mock = startMock({ store: createStore({ persistence }) })
  const response = await mock.post(CATEGORY, { name: 'survives' })
  expect(response.status).toBe(503)
  expect(response.headers.get('X-Mock-Reason')).toMatch(/write failed: transaction aborted; nothing was stored/)
  expect(mock.store.getSnapshot().health.lastError).toBe('write failed: transaction aborted')
  broken = false
  expect(await (await mock.post(CATEGORY, { name: 'survives' })).json()).toEqual({
    categoryId: 7,
    categoryName: 'survives',
  })
  const reloaded = createStore({ persistence: indexedDbPersistence(database) })
  await reloaded.ready
  expect(reloaded.getCategory(7)?.name).toBe('survives')
})

test('when IndexedDB never answers (an open blocked by another tab) the store stops waiting, runs from memory and answers every request', async () => {
  quietWarnings()
  const opened: unknown[] = []
  vi.stubGlobal('indexedDB', { open: (name: string) => (opened.push(name), {}) })
  const mock = startMock({
    store: createStore({ persistence: indexedDbPersistence(freshDatabase('persistence')), loadTimeoutMs: 100 }),
  })
  expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  expect(mock.store.getSnapshot().health.lastError).toMatch(/^load failed, running from memory: no answer in 100 ms/)
  const { responseId } = CreateArtefactResponse.parse(
    await (await mock.post(ARTEFACT, { title: 'not held up' })).json(),
  )
  expect((await mock.getArtefact(responseId)).status).toBe(200)
  expect((await mock.post(CATEGORY, { name: 'not held up' })).status).toBe(201)
  await mock.control.reset()
  // The writes were not queued behind the blocked open: it was tried once, by the load.
  expect(opened).toHaveLength(1)
})

test('a stored category that clashes is reported once, not on every create, and its key is never reused', async () => {
  quietWarnings()
  const database = freshDatabase('persistence')
  const clash = {
    id: 7,
    name: 'Getting started',
    dateCreated: '2026-01-01T00:00:00Z',
    dateModified: '2026-01-01T00:00:00Z',
  }
  await set('category:7', clash, createIdbStore(database, 'records'))
  const mock = startMock({ store: createStore({ persistence: indexedDbPersistence(database) }) })
  const ids = []
  for (const name of ['one', 'two', 'three']) ids.push((await (await mock.post(CATEGORY, { name })).json()).categoryId)
  expect(ids).toEqual([8, 9, 10])
  expect(mock.store.getSnapshot().health.skipped).toEqual(['category 7: its id or name is taken'])
  expect(await get('category:7', createIdbStore(database, 'records'))).toEqual(clash)
})

/** A stored value as the store's report shows it. */
const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value))

test.each([-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '3'])(
  'a stored reset count of %s is repaired to 0 on load and reported; a create is held, and a reset still wipes it',
  async (corrupt) => {
    quietWarnings()
    const database = freshDatabase('counters')
    const raw = createIdbStore(database, 'records')
    await set('meta:generation', corrupt, raw)
    const mock = startMock({ store: createStore({ persistence: indexedDbPersistence(database) }) })
    const created = await mock.post(ARTEFACT, { title: 'after the repair' })
    const { responseId } = CreateArtefactResponse.parse(await created.json())
    expect((await mock.getArtefact(responseId)).status).toBe(200)
    expect(mock.store.getSnapshot().health.skipped).toEqual([
      `meta:generation = ${shown(corrupt)}: not a count of resets; repaired to 0`,
    ])
    await mock.store.reset()
    expect((await mock.getArtefact(responseId)).status).toBe(404)
    expect(await get('meta:generation', raw)).toBe(1)
    const reloaded = createStore({ persistence: indexedDbPersistence(database) })
    await reloaded.ready
    expect(reloaded.getSnapshot().health).toStrictEqual(HEALTHY_INDEXEDDB)
  },
)

test.each([3, -4, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '12'])(
  'a stored category counter of %s, not above every stored id, is repaired from the stored categories on load and reported; no id is handed out twice',
  async (corrupt) => {
    quietWarnings()
    const database = freshDatabase('counters')
    const raw = createIdbStore(database, 'records')
    // A category that no longer fits the schema: not held, but its id stays taken.
    const old = { id: 9, name: 'Old shape' }
    await set('category:9', old, raw)
    await set('meta:next-category-id', corrupt, raw)
    const mock = startMock({ store: createStore({ persistence: indexedDbPersistence(database) }) })
    const ids: number[] = []
    for (const name of ['one', 'two', 'three']) {
      const response = await mock.post(CATEGORY, { name })
      expect(response.status).toBe(201)
      ids.push(CreateCategoryResponse.parse(await response.json()).categoryId)
    }
    expect(ids).toEqual([10, 11, 12])
    expect(await get('category:9', raw)).toEqual(old)
    expect(mock.store.getSnapshot().health.skipped.sort()).toEqual([
      'category 9: does not fit the schema',
      `meta:next-category-id = ${shown(corrupt)}: not above every stored category id; repaired to 10`,
    ])
  },
)
