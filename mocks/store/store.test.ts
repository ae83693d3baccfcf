import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { createStore as createIdbStore, set } from 'idb-keyval'
import { expect, test } from 'vitest'
import { seedArtefacts } from '../data/artefacts.ts'
import { indexedDbPersistence } from './indexeddb-persistence.ts'
import { createStore, type Persistence } from './store.ts'
import {
  ARTEFACT,
  CATEGORY,
  expectError,
  freshDatabase,
  HEALTHY_INDEXEDDB,
  quietWarnings,
  SEED,
  startMock,
} from '../testing/support.ts'

const persistedStore = (database: string) => createStore({ persistence: indexedDbPersistence(database) })

test('reads back what was created when a new store opens the same database', async () => {
  const database = freshDatabase('store')
  const first = startMock({ store: persistedStore(database) })
  const { responseId } = await (
    await first.post(`${ARTEFACT}?isDraft=true`, { title: 'Kept', category: { id: 3 } })
  ).json()
  const { categoryId } = await (await first.post(CATEGORY, { name: 'Kept category' })).json()
  const written = await (await first.getArtefact(responseId)).json()
  first.close()

  const second = startMock({ store: persistedStore(database) })
  const response = await second.getArtefact(responseId)
  expect(response.headers.get('X-Artefact-Status')).toBe('draft')
  expect(await response.json()).toStrictEqual(written)
  expect(second.store.getCategory(categoryId)?.name).toBe('Kept category')
  await second.store.ready
  expect(second.store.getSnapshot().health).toStrictEqual(HEALTHY_INDEXEDDB)
})

test('continues category ids after the persisted categories', async () => {
  const database = freshDatabase('store')
  const first = startMock({ store: persistedStore(database) })
  expect((await (await first.post(CATEGORY, { name: 'Seven' })).json()).categoryId).toBe(7)
  first.close()

  const second = startMock({ store: persistedStore(database) })
  await expectError(await second.post(CATEGORY, { name: 'SEVEN' }), 422)
  expect((await (await second.post(CATEGORY, { name: 'Eight' })).json()).categoryId).toBe(8)
})

test('forgets what was created once reset', async () => {
  const database = freshDatabase('store')
  const first = startMock({ store: persistedStore(database) })
  const { responseId } = await (await first.post(ARTEFACT, { title: 'Gone after reset' })).json()
  await first.post(CATEGORY, { name: 'Gone too' })
  await first.control.reset()
  await expectError(await first.getArtefact(responseId), 404)
  first.close()

  const second = startMock({ store: persistedStore(database) })
  await expectError(await second.getArtefact(responseId), 404)
  expect(second.contents().artefacts).toHaveLength(seedArtefacts.length)
  expect((await (await second.post(CATEGORY, { name: 'Gone too' })).json()).categoryId).toBe(7)
})

test('skips corrupt records, reports them in health, and loads the rest', async () => {
  quietWarnings()
  const database = freshDatabase('store')
  const first = startMock({ store: persistedStore(database) })
  const { responseId } = await (await first.post(ARTEFACT, { title: 'Survivor' })).json()
  first.close()
  const raw = createIdbStore(database, 'records')
  await set('artefact:broken', { artefact: { id: 'broken', title: 42 }, isDraft: 'no' }, raw)
  await set('artefact:null', null, raw)
  await set('category:99', { id: 'ninety-nine', name: 'Bad' }, raw)
  await set(
    'category:100',
    { id: 1, name: 'Dup', dateCreated: '2026-01-01T00:00:00Z', dateModified: '2026-01-01T00:00:00Z' },
    raw,
  )
  await set('unrelated', 'ignored', raw)

  const second = startMock({ store: persistedStore(database) })
  expect((await second.getArtefact(responseId)).status).toBe(200)
  expect((await second.getArtefact(SEED.published)).status).toBe(200)
  await second.store.ready
  const { skipped, lastError } = second.store.getSnapshot().health
  expect(lastError).toBeNull()
  expect(skipped).toHaveLength(4)
  expect(skipped.filter((reason) => reason.startsWith('artefact'))).toHaveLength(2)
  expect(skipped.filter((reason) => reason.startsWith('category'))).toHaveLength(2)
  expect(second.store.getCategory(1)?.name).toBe('Getting started')
})

/** A persistence that loads nothing and fails every write. */
const failingPersistence = (overrides: Partial<Persistence> = {}): Persistence => ({
  name: 'failing',
  load: async () => ({ artefacts: [], categories: [] }),
  putArtefact: () => Promise.reject(new Error('disk full')),
  putCategory: () => Promise.reject(new Error('disk full')),
  clear: () => Promise.reject(new Error('disk full')),
  ...overrides,
})

test('answers 503 with the reason and stores nothing when an artefact write fails (storage full)', async () => {
  quietWarnings()
  const mock = startMock({ store: createStore({ persistence: failingPersistence() }) })
  const before = mock.contents()
  const response = await mock.post(ARTEFACT, { title: 'Would be lost on reload' })
  await expectError(response, 503)
  expect(response.headers.get('X-Mock-Reason')).toMatch(/^storage: write failed: disk full; nothing was stored/)
  expect(response.headers.get('Retry-After')).toBe('30')
  expect(mock.contents()).toStrictEqual(before)
  expect(mock.store.getSnapshot().health).toMatchObject({
    mode: 'saved',
    lastErrorKind: 'write',
    lastError: 'write failed: disk full',
  })
})

test('answers 503 and holds no category when a category write fails, and the next create takes the same id', async () => {
  quietWarnings()
  let full = true
  const writes: number[] = []
  const persistence = failingPersistence({
    putCategory: async (category) => {
      if (full) throw new Error('QuotaExceededError')
      writes.push(category.id)
    },
  })
  const mock = startMock({ store: createStore({ persistence }) })
  await expectError(await mock.post(CATEGORY, { name: 'Not kept' }), 503)
  expect(mock.store.findCategoryByName('Not kept')).toBeUndefined()
  full = false
  const kept = await mock.post(CATEGORY, { name: 'Not kept' })
  expect(await kept.json()).toEqual({ categoryId: 7, categoryName: 'Not kept' })
  expect(writes).toEqual([7])
})

test('names the failure when the storage gives no reason', async () => {
  quietWarnings()
  const mock = startMock({
    store: createStore({ persistence: failingPersistence({ putArtefact: () => Promise.reject(new Error('')) }) }),
  })
  const response = await mock.post(ARTEFACT, { title: 'x' })
  await expectError(response, 503)
  expect(response.headers.get('X-Mock-Reason')).toMatch(/no reason given \(storage full or blocked\?\)/)
})

test('keeps the data when a reset cannot clear the storage, and says so', async () => {
  quietWarnings()
  const mock = startMock({ store: createStore({ persistence: failingPersistence({ putArtefact: async () => {} }) }) })
  const { responseId } = await (await mock.post(ARTEFACT, { title: 'kept' })).json()
  await expect(mock.control.reset()).rejects.toThrow(/reset failed: disk full/)
  expect((await mock.getArtefact(responseId)).status).toBe(200)
})

test('runs from the data set when loading fails, keeps creates in memory and says so on each create answer', async () => {
  quietWarnings()
  const persistence = failingPersistence({ load: () => Promise.reject(new Error('blocked')) })
  const mock = startMock({ store: createStore({ persistence }) })
  expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  expect(mock.store.getSnapshot().health).toMatchObject({
    mode: 'unsaved',
    lastErrorKind: 'load',
    lastError: expect.stringMatching(/blocked/),
  })
  const created = await mock.post(ARTEFACT, { title: 'in memory' })
  expect(created.status).toBe(200)
  expect(created.headers.get('X-Mock-Storage')).toMatch(/^not saved/)
  const { responseId } = await created.json()
  expect((await mock.getArtefact(responseId)).headers.get('X-Mock-Storage')).toBeNull()
  const category = await mock.post(CATEGORY, { name: 'in memory' })
  expect(category.status).toBe(201)
  expect(category.headers.get('X-Mock-Storage')).toMatch(/^not saved/)
})

test('reports memory as its persistence when none is given', () => {
  expect(createStore().getSnapshot().health).toStrictEqual({
    persistence: 'memory',
    mode: 'memory',
    skipped: [],
    lastError: null,
    lastErrorKind: null,
    restoring: false,
  })
})

test('hands out a new snapshot after a change and the same one otherwise', async () => {
  const store = createStore()
  const first = store.getSnapshot()
  expect(store.getSnapshot()).toBe(first)
  await store.addCategory('Snapshot', '2026-12-01T10:00:00.000Z')
  const second = store.getSnapshot()
  expect(second).not.toBe(first)
  expect(second.categories.map((category) => category.name)).toContain('Snapshot')
})

test('lists artefacts newest first after any sequence of creates, as a full sort would', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 40 }), async (offsets) => {
      const store = createStore()
      const template = store.getArtefact(store.getSnapshot().artefacts[0]!.key)!
      const made = offsets.map((offset, n) => {
        const at = new Date(Date.UTC(2026, 0, 1) + offset * 60_000).toISOString()
        return {
          artefact: {
            ...template.artefact,
            id: `0a1e0001-5c0f-4a11-9c00-${String(900000000000 + n)}`,
            dateCreated: at,
            dateModified: at,
          },
          isDraft: false,
        }
      })
      for (const record of made) await store.addArtefact(record)
      const expected = [...store.getSnapshot().artefacts].sort((a, b) => b.at - a.at)
      expect(store.getSnapshot().artefacts.map((r) => r.at)).toStrictEqual(expected.map((r) => r.at))
    }),
    { numRuns: 100, seed: 7 },
  )
})

test('a persistence without allocateCategory still gives creates at the same moment distinct ids, and one name once', async () => {
  const written: number[] = []
  const slow: Persistence = {
    name: 'slow',
    load: async () => ({ artefacts: [], categories: [] }),
    putArtefact: async () => {},
    putCategory: async (category) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      written.push(category.id)
    },
    clear: async () => {},
  }
  const mock = startMock({ store: createStore({ persistence: slow }) })
  const names = ['Alpha', 'Beta', 'Gamma', 'alpha']
  const answers = await Promise.all(names.map((name) => mock.post(CATEGORY, { name })))
  expect(answers.map((response) => response.status)).toEqual([201, 201, 201, 422])
  expect(written.sort()).toEqual([7, 8, 9])
})
