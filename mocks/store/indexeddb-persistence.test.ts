import 'fake-indexeddb/auto'
import { createHash } from 'node:crypto'
import { createStore as createIdbStore, get, set } from 'idb-keyval'
import { expect, onTestFinished, test } from 'vitest'
import * as z from 'zod'
import { seedArtefacts } from '../data/artefacts.ts'
import { indexedDbPersistence } from './indexeddb-persistence.ts'
import { Category, CreateArtefactResponse, CreateCategoryResponse, StoredArtefact } from '../schemas/resources.ts'
import { createStore, RECORD_VERSION } from './store.ts'
import { ARTEFACT, CATEGORY, freshDatabase, quietWarnings, startMock } from '../testing/support.ts'

// Group commit, the category counter and name index, and versioned records (decision 041).

const persisted = (database: string) => createStore({ persistence: indexedDbPersistence(database) })
const reload = async (database: string) => {
  const store = persisted(database)
  await store.ready
  return store
}
const idOf = async (response: Response) => CreateArtefactResponse.parse(await response.json()).responseId

/** Makes IndexedDB refuse any record whose JSON contains `marker`, as a full disk refuses a write. */
function refuseRecordsContaining(marker: string) {
  const put = IDBObjectStore.prototype.put
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (JSON.stringify(value ?? null).includes(marker)) throw new DOMException('the disk is full', 'QuotaExceededError')
    return put.call(this, value, key)
  }
  onTestFinished(() => {
    IDBObjectStore.prototype.put = put
  })
}

test('32 creates sent at once are all answered 200 and every one is there after a reload', async () => {
  const database = freshDatabase('group-commit')
  const mock = startMock({ store: persisted(database) })
  const ids = await Promise.all(
    Array.from({ length: 32 }, (_, i) => mock.post(ARTEFACT, { title: `at once ${i}` }).then(idOf)),
  )
  const store = await reload(database)
  expect(ids.map((id) => store.getArtefact(id)?.artefact.title)).toEqual(ids.map((_, i) => `at once ${i}`))
})

test('a write the disk refuses fails every create of its transaction with 503, keeps none, and the next create is stored', async () => {
  quietWarnings()
  const database = freshDatabase('group-commit')
  const mock = startMock({ store: persisted(database) })
  refuseRecordsContaining('DISK-FULL')
  const statuses = await Promise.all([
    mock.post(ARTEFACT, { title: 'shares the transaction' }),
    mock.post(ARTEFACT, { title: 'DISK-FULL' }),
  ])
  expect(statuses.map((r) => r.status)).toEqual([503, 503])
  expect(statuses[0]!.headers.get('X-Mock-Reason')).toMatch(/the disk is full; nothing was stored/)
  const later = await idOf(await mock.post(ARTEFACT, { title: 'after the failure' }))
  const store = await reload(database)
  const titles = store.getSnapshot().artefacts.map((r) => r.summary.title)
  expect(titles).toContain('after the failure')
  expect(titles).not.toContain('shares the transaction')
  expect(store.getArtefact(later)).toBeDefined()
  expect(mock.store.getSnapshot().artefacts).toHaveLength(seedArtefacts.length + 1)
})

test('a database written before the category counter existed continues above its ids and keeps its names taken', async () => {
  const database = freshDatabase('legacy')
  const raw = createIdbStore(database, 'records')
  const legacy = { id: 40, name: 'Legacy', dateCreated: '2026-01-01T00:00:00Z', dateModified: '2026-01-01T00:00:00Z' }
  await set('category:40', legacy, raw)
  const mock = startMock({ store: persisted(database) })
  const taken = await mock.post(CATEGORY, { name: '  legacy ' })
  expect(taken.status).toBe(422)
  const created = CreateCategoryResponse.parse(await (await mock.post(CATEGORY, { name: 'Next' })).json())
  expect(created.categoryId).toBe(41)
  expect(await get('meta:next-category-id', raw)).toBe(42)
})

test('a name stored without its index after this tab loaded is still taken: the first create rebuilds the index and reads the name again', async () => {
  const database = freshDatabase('stale-name')
  const mock = startMock({ store: persisted(database) })
  await mock.store.ready
  // Written by code from before the name index: a category record only, no counter, no name key.
  const legacy = { id: 40, name: 'Legacy', dateCreated: '2026-01-01T00:00:00Z', dateModified: '2026-01-01T00:00:00Z' }
  await set('category:40', legacy, createIdbStore(database, 'records'))
  const taken = await mock.post(CATEGORY, { name: 'legacy' })
  expect(taken.status).toBe(422)
  expect(taken.headers.get('X-Mock-Reason')).toContain('40')
  const created = CreateCategoryResponse.parse(await (await mock.post(CATEGORY, { name: 'Next' })).json())
  expect(created.categoryId).toBe(41)
})

test('the same name sent twice at once from one tab is created once; the other answer is 422 naming it', async () => {
  const database = freshDatabase('names')
  const mock = startMock({ store: persisted(database) })
  const answers = await Promise.all([mock.post(CATEGORY, { name: 'Twice' }), mock.post(CATEGORY, { name: 'twice ' })])
  expect(answers.map((r) => r.status).sort()).toEqual([201, 422])
  const created = CreateCategoryResponse.parse(await answers.find((r) => r.status === 201)!.json())
  expect(answers.find((r) => r.status === 422)!.headers.get('X-Mock-Reason')).toContain(String(created.categoryId))
  const store = await reload(database)
  expect(store.getSnapshot().categories.filter((c) => c.name.trim().toLowerCase() === 'twice')).toHaveLength(1)
})

test('a name another tab stored after this one loaded is answered 422 here, naming its id', async () => {
  const database = freshDatabase('names')
  const mine = startMock({ store: persisted(database) })
  await mine.store.ready
  // The other tab writes through its own persistence; no message reaches this tab.
  const other = persisted(database)
  await other.ready
  const theirs = await other.addCategory('Shared name', '2026-12-01T10:00:00.000Z')
  const response = await mine.post(CATEGORY, { name: 'shared NAME' })
  expect(response.status).toBe(422)
  expect(response.headers.get('X-Mock-Reason')).toContain(String(theirs.id))
  const next = CreateCategoryResponse.parse(await (await mine.post(CATEGORY, { name: 'Mine' })).json())
  expect(next.categoryId).toBe(theirs.id + 1)
})

test('records stored under the current version load as stored; others are checked and skipped when they do not fit', async () => {
  quietWarnings()
  const database = freshDatabase('versions')
  const mock = startMock({ store: persisted(database) })
  const kept = await idOf(await mock.post(ARTEFACT, { title: 'current version' }))
  const raw = createIdbStore(database, 'records')
  const stored = await get(`artefact:${kept}`, raw)
  expect(stored).toMatchObject({ v: RECORD_VERSION })
  const fits = JSON.parse(stored.json)
  expect(fits.artefact.id).toBe(kept)
  fits.artefact.id = '0a1e0001-5c0f-4a11-9c00-0000000000aa'
  await set('artefact:0a1e0001-5c0f-4a11-9c00-0000000000aa', fits, raw) // written before versions existed
  const textOnly = { ...fits, artefact: { ...fits.artefact, id: '0a1e0001-5c0f-4a11-9c00-0000000000ab' } }
  // Written before the creation time was stored beside the text.
  await set(`artefact:${textOnly.artefact.id}`, { v: RECORD_VERSION, json: JSON.stringify(textOnly) }, raw)
  await set('artefact:old-shape', { v: RECORD_VERSION + 1, json: '{"artefact":{"id":"old-shape"}}' }, raw)
  await set('artefact:not-json', { v: RECORD_VERSION, json: '{"artefact":' }, raw)
  await set('artefact:old-not-json', { v: RECORD_VERSION + 1, json: '{"artefact":' }, raw)
  const store = await reload(database)
  expect(store.getArtefact(kept)?.artefact.title).toBe('current version')
  expect(store.getArtefact(fits.artefact.id)?.artefact.title).toBe('current version')
  expect(store.getArtefact(textOnly.artefact.id)?.artefact.title).toBe('current version')
  expect(store.getArtefact('old-shape')).toBeUndefined()
  expect(store.getSnapshot().health.skipped.sort()).toEqual([
    'artefact old-shape: does not fit the schema',
    'artefact with unreadable text: does not fit the schema',
  ])
  // Text of this version that is not JSON is listed as unreadable until its first read drops and reports it.
  expect(store.getSummary('not-json')).toMatchObject({ id: 'not-json', unreadable: true })
  expect(store.getArtefact('not-json')).toBeUndefined()
  expect(store.getSummary('not-json')).toBeUndefined()
  await Promise.resolve() // the store tells its listeners after the read
  expect(store.getSnapshot().health.skipped).toContain('artefact not-json: its stored text is not JSON')
})

test('a channel stored without a name under version 1 loads with a string name, "" (Channel.name is a string in the spec)', async () => {
  const database = freshDatabase('versions')
  const mock = startMock({ store: persisted(database) })
  const id = await idOf(
    await mock.post(ARTEFACT, { title: 'nameless channel', variations: [{ channels: [{ id: 7 }] }] }),
  )
  mock.close()
  const raw = createIdbStore(database, 'records')
  const stored = await get(`artefact:${id}`, raw)
  const old = JSON.parse(stored.json)
  old.artefact.variations[0].channels[0].name = null // how version 1 stored it
  await set(`artefact:${id}`, { ...stored, v: 1, json: JSON.stringify(old) }, raw)
  const store = await reload(database)
  expect(store.getSnapshot().health.skipped).toEqual([])
  expect(store.getArtefact(id)?.artefact.variations[0]?.channels).toEqual([{ id: 7, name: '' }])
})

test('a record stored before summaries were (issue 14: text and time) loads, its summary made from its text', async () => {
  const database = freshDatabase('versions')
  const mock = startMock({ store: persisted(database) })
  const id = await idOf(await mock.post(ARTEFACT, { title: 'stored by the previous version' }))
  const answer = await (await mock.getArtefact(id)).text()
  mock.close()
  const raw = createIdbStore(database, 'records')
  const { v, json, at } = await get(`artefact:${id}`, raw)
  await set(`artefact:${id}`, { v, json, at }, raw)
  const store = await reload(database)
  expect(store.getSummary(id)).toEqual({
    id,
    title: 'stored by the previous version',
    categoryName: null,
    isDraft: false,
  })
  expect(store.getSnapshot().health.skipped).toEqual([])
  expect(await (await startMock({ store }).getArtefact(id)).text()).toBe(answer)
})

test('a reload lists each stored artefact by the summary stored with it, not by parsing its text; a GET answers each as before', async () => {
  const database = freshDatabase('held-text')
  const before = startMock({ store: persisted(database) })
  const ids: string[] = []
  for (const title of ['first', 'second …', 'third 🙂']) {
    before.advance(1000)
    ids.push(await idOf(await before.post(ARTEFACT, { title })))
  }
  const answers = await Promise.all(ids.map(async (id) => (await before.getArtefact(id)).text()))
  before.close()
  const raw = createIdbStore(database, 'records')
  const stored = await get(`artefact:${ids[0]}`, raw)
  expect(stored).toStrictEqual({
    v: RECORD_VERSION,
    json: expect.any(String),
    at: expect.any(Number),
    summary: { id: ids[0], title: 'first', categoryName: null, isDraft: false },
  })
  // A summary that disagrees with the text is listed as stored: the list never parsed the text.
  await set(`artefact:${ids[0]}`, { ...stored, summary: { ...stored.summary, title: 'listed by its summary' } }, raw)
  const store = await reload(database)
  const listed = store.getSnapshot().artefacts.filter((record) => ids.includes(record.summary.id))
  expect(listed.map((record) => record.summary.title)).toEqual(['third 🙂', 'second …', 'listed by its summary'])
  const after = startMock({ store })
  expect(await Promise.all(ids.map(async (id) => (await after.getArtefact(id)).text()))).toEqual(answers)
})

test('a stored artefact whose text was changed by hand into something that is not JSON: 404, reported, and no longer listed', async () => {
  quietWarnings()
  const database = freshDatabase('held-text')
  const mock = startMock({ store: persisted(database) })
  const id = await idOf(await mock.post(ARTEFACT, { title: 'changed by hand' }))
  mock.close()
  const raw = createIdbStore(database, 'records')
  const stored = await get(`artefact:${id}`, raw)
  await set(`artefact:${id}`, { ...stored, json: stored.json.replace(/,"isDraft":(true|false)\}$/, ',}') }, raw)
  const store = await reload(database)
  expect(store.getSnapshot().artefacts).toHaveLength(seedArtefacts.length + 1)
  const after = startMock({ store })
  expect((await after.getArtefact(id)).status).toBe(404)
  expect(store.getSnapshot().health.skipped).toEqual([`artefact ${id}: its stored text is not JSON`])
  expect(store.getSnapshot().artefacts).toHaveLength(seedArtefacts.length)
})

test('RECORD_VERSION changes whenever the shape of a stored record does', () => {
  const options = { io: 'input', unrepresentable: 'any' } as const
  const shape = JSON.stringify([z.toJSONSchema(StoredArtefact, options), z.toJSONSchema(Category, options)])
  const digest = createHash('sha256').update(shape).digest('hex').slice(0, 16)
  // When this fails, the schemas changed: bump RECORD_VERSION in mocks/store/types.ts, then update both values here.
  expect({ RECORD_VERSION, digest }).toEqual({ RECORD_VERSION: 2, digest: '5302c6a254d75ce7' })
})
