import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { getResponse } from 'msw'
import { expect, test } from 'vitest'
import { createControl } from '../control/control.ts'
import { seedArtefacts } from '../data/artefacts.ts'
import { seedCategories } from '../data/categories.ts'
import { createHandlers } from '../handlers/create-handlers.ts'
import { indexedDbPersistence } from './indexeddb-persistence.ts'
import { CreateArtefactResponse, CreateCategoryResponse } from '../schemas/resources.ts'
import { createStore, type Store } from './store.ts'
import { memoryTabSyncs, type TabSync } from './tab-sync.ts'
import { ARTEFACT, CATEGORY, freshDatabase, HEALTHY_INDEXEDDB, ORIGIN, quietWarnings } from '../testing/support.ts'

/**
 * One explorer tab: its own store and handlers over the shared database.
 * msw's getResponse lets two run in one process.
 */
function openTab(database: string, sync?: TabSync, { shared = true, lateReset = noWait } = {}) {
  const { allocateCategory, insertCategory, ...plain } = indexedDbPersistence(database)
  // The tab's reset goes on only once `lateReset` settles after it is stored, as a busy tab's continuation runs late.
  const reset = async () => {
    const generation = await plain.reset!()
    await lateReset()
    return generation
  }
  const store = createStore({
    persistence: shared ? { ...plain, reset, insertCategory: insertCategory! } : { ...plain, reset },
    ...(sync && { sync }),
  })
  const handlers = createHandlers({ control: createControl({ store }) })
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await getResponse(handlers, new Request(`${ORIGIN}${path}`, init))
    if (!response) throw new Error(`no handler answered ${path}`)
    return response
  }
  const post = (path: string, body: unknown) =>
    send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  return { store, send, post }
}

/** Lets every message in flight between the tabs arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
const noWait = () => Promise.resolve()
const wait = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** What a person would compare between tabs: every artefact id and every category. */
const view = (store: Store) => {
  const { artefacts, categories } = store.getSnapshot()
  return {
    artefacts: artefacts.map((record) => record.summary.id).sort(),
    categories: categories.map(({ id, name }) => `${id}:${name}`).sort(),
  }
}

test('two tabs creating at once lose no write and share category ids with no gap or duplicate; a third tab loads the same', async () => {
  const database = freshDatabase('tabs')
  const [syncA, syncB] = memoryTabSyncs(2)
  const a = openTab(database, syncA)
  const b = openTab(database, syncB)
  await Promise.all([a.store.ready, b.store.ready])

  const PER_TAB = 50
  const CATEGORIES_PER_TAB = 25
  const requests = [a, b].flatMap((tab, t) => [
    ...Array.from({ length: PER_TAB }, (_, i) =>
      tab.post(ARTEFACT, {
        title: `tab ${t} artefact ${i}`,
        metaData: Object.fromEntries([['__proto__', { values: ['x'], dataType: 'tag' }]]),
      }),
    ),
    ...Array.from({ length: CATEGORIES_PER_TAB }, (_, i) => tab.post(CATEGORY, { name: `tab ${t} category ${i}` })),
  ])
  const responses = await Promise.all(requests)
  await settle()

  const created = await Promise.all(
    responses.filter((r) => r.status === 200).map(async (r) => CreateArtefactResponse.parse(await r.json()).responseId),
  )
  const categories = await Promise.all(
    responses.filter((r) => r.status === 201).map(async (r) => CreateCategoryResponse.parse(await r.json())),
  )
  expect(created).toHaveLength(2 * PER_TAB)
  expect(categories).toHaveLength(2 * CATEGORIES_PER_TAB)
  const ids = categories.map((c) => c.categoryId).sort((x, y) => x - y)
  const first = Math.max(...seedCategories.map((c) => c.id)) + 1
  expect(ids, 'category ids: consecutive, no duplicate').toEqual(
    Array.from({ length: 2 * CATEGORIES_PER_TAB }, (_, i) => first + i),
  )

  const third = openTab(database)
  await third.store.ready
  const expected = {
    artefacts: [...seedArtefacts.map((s) => s.id), ...created].sort(),
    categories: [
      ...seedCategories.map(({ id, name }) => `${id}:${name}`),
      ...categories.map((c) => `${c.categoryId}:${c.categoryName}`),
    ].sort(),
  }
  expect(view(a.store)).toEqual(expected)
  expect(view(b.store)).toEqual(expected)
  expect(view(third.store)).toEqual(expected)
  for (const tab of [a, b, third]) expect(tab.store.getSnapshot().health).toStrictEqual(HEALTHY_INDEXEDDB)

  // What tab A created reads back in tab B exactly as tab A answers it, __proto__ key included.
  const [one] = created
  const inA = await (await a.send(`${ARTEFACT}/${one}`)).json()
  const inB = await (await b.send(`${ARTEFACT}/${one}`)).json()
  expect(inB).toStrictEqual(inA)
  expect(Object.keys(inB.metaData)).toEqual(['__proto__'])
})

test('negative control: without the shared transaction, two tabs at once hand out the same category id', async () => {
  const database = freshDatabase('tabs')
  const [syncA, syncB] = memoryTabSyncs(2)
  const a = openTab(database, syncA, { shared: false })
  const b = openTab(database, syncB, { shared: false })
  await Promise.all([a.store.ready, b.store.ready])
  const responses = await Promise.all([a.post(CATEGORY, { name: 'from A' }), b.post(CATEGORY, { name: 'from B' })])
  const ids = await Promise.all(responses.map(async (r) => CreateCategoryResponse.parse(await r.json()).categoryId))
  expect(ids[0]).toBe(ids[1])
})

test('the same category name sent from two tabs at once is created once; the other tab answers 422', async () => {
  const database = freshDatabase('tabs')
  const [syncA, syncB] = memoryTabSyncs(2)
  const a = openTab(database, syncA)
  const b = openTab(database, syncB)
  await Promise.all([a.store.ready, b.store.ready])
  const names = ['Shared', 'Other', 'Third']
  const responses = await Promise.all(
    names.flatMap((name) => [a.post(CATEGORY, { name }), b.post(CATEGORY, { name: ` ${name.toUpperCase()} ` })]),
  )
  await settle()
  const statuses = responses.map((r) => r.status)
  for (let i = 0; i < names.length; i++) expect([statuses[2 * i], statuses[2 * i + 1]].sort()).toEqual([201, 422])
  expect(view(a.store)).toEqual(view(b.store))
  const third = openTab(database)
  await third.store.ready
  expect(view(third.store)).toEqual(view(a.store))
  expect(third.store.getSnapshot().health.skipped).toEqual([])
})

test('a reset in one tab resets the other and the database', async () => {
  const database = freshDatabase('tabs')
  const [syncA, syncB] = memoryTabSyncs(2)
  const a = openTab(database, syncA)
  const b = openTab(database, syncB)
  await Promise.all([a.store.ready, b.store.ready])
  await a.post(ARTEFACT, { title: 'made in A' })
  await b.post(CATEGORY, { name: 'made in B' })
  await settle()
  expect(view(a.store)).toEqual(view(b.store))
  expect(view(a.store).artefacts).toHaveLength(seedArtefacts.length + 1)

  await b.store.reset()
  await settle()
  const seedView = {
    artefacts: seedArtefacts.map((s) => s.id).sort(),
    categories: seedCategories.map(({ id, name }) => `${id}:${name}`).sort(),
  }
  expect(view(a.store)).toEqual(seedView)
  expect(view(b.store)).toEqual(seedView)
  const third = openTab(database)
  await third.store.ready
  expect(view(third.store)).toEqual(seedView)
  expect((await (await a.post(CATEGORY, { name: 'after reset' })).json()).categoryId).toBe(seedCategories.length + 1)
})

test("a create the other tab makes while the resetting tab's continuation runs late is kept in both tabs", async () => {
  const database = freshDatabase('tabs')
  const [syncA, syncB] = memoryTabSyncs(2)
  let stored!: () => void
  let goOn!: () => void
  const resetStored = new Promise<void>((resolve) => {
    stored = resolve
  })
  // Tab A's reset is stored, then its continuation waits until tab B's create has reached tab A.
  const lateReset = () => {
    stored()
    return new Promise<void>((resolve) => {
      goOn = resolve
    })
  }
  const a = openTab(database, syncA, { lateReset })
  const b = openTab(database, syncB)
  await Promise.all([a.store.ready, b.store.ready])
  const resetting = a.store.reset()
  await resetStored
  const response = await b.post(ARTEFACT, { title: 'made after the reset' })
  const created = CreateArtefactResponse.parse(await response.json()).responseId
  await settle()
  goOn()
  await resetting
  await settle()
  expect(view(a.store)).toEqual(view(b.store))
  expect(view(a.store).artefacts).toContain(created)
  expect((await a.send(`${ARTEFACT}/${created}`)).status).toBe(200)
})

test('a message from another tab that does not fit the schemas changes nothing and is reported', async () => {
  quietWarnings()
  const [rogue, sync] = memoryTabSyncs(2)
  const tab = openTab(freshDatabase('tabs'), sync)
  await tab.store.ready
  const before = view(tab.store)
  rogue!.post({ type: 'artefact', record: { artefact: { id: 'x', title: 5 }, isDraft: 'no' } } as never)
  rogue!.post({
    type: 'category',
    category: { id: 2, name: 'Clash', dateCreated: '2026-01-01T00:00:00Z', dateModified: '2026-01-01T00:00:00Z' },
  })
  rogue!.post({ type: 'drop-tables' } as never)
  await settle()
  expect(view(tab.store)).toEqual(before)
  expect(tab.store.getSnapshot().health.skipped).toEqual([
    'message from another tab: does not fit the schema',
    'from another tab: category 2: its id or name is taken',
    'message from another tab: does not fit the schema',
  ])
  // A valid reset with a __proto__ key: extra keys are ignored, no prototype changes.
  rogue!.post(JSON.parse('{"type":"reset","__proto__":{"polluted":true}}'))
  await settle()
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(view(tab.store)).toEqual(before)
})

test('after any interleaving of resets and creates in two tabs, both tabs and a freshly loaded one agree', async () => {
  await fc.assert(
    fc.asyncProperty(
      // A late tab's reset goes on 50 ms after it is stored, as a busy tab's continuation may.
      fc.constantFrom('on time', 'late'),
      fc.array(
        fc.record({
          tab: fc.constantFrom(0, 1),
          action: fc.constantFrom('artefact', 'category', 'reset'),
          wait: fc.boolean(),
        }),
        { minLength: 2, maxLength: 14 },
      ),
      async (timing, steps) => {
        const database = freshDatabase('tabs')
        const syncs = memoryTabSyncs(2)
        const lateReset = timing === 'late' ? wait(50) : noWait
        const tabs = syncs.map((sync) => openTab(database, sync, { lateReset }))
        await Promise.all(tabs.map((tab) => tab.store.ready))
        const answered: Array<{ id: string; resetsDone: number }> = []
        let resetsStarted = 0
        let resetsDone = 0
        const inFlight = steps.map(async ({ tab, action, wait }, index) => {
          if (wait) await new Promise((resolve) => setTimeout(resolve, index % 3))
          const on = tabs[tab]!
          if (action === 'reset') {
            resetsStarted += 1
            await on.store.reset()
            resetsDone += 1
          } else if (action === 'artefact') {
            const response = await on.post(ARTEFACT, { title: `step ${index}` })
            expect(response.status).toBe(200)
            answered.push({ id: CreateArtefactResponse.parse(await response.json()).responseId, resetsDone })
          } else {
            await on.post(CATEGORY, { name: `step ${index}` })
          }
        })
        await Promise.all(inFlight)
        await settle()
        const fresh = openTab(database)
        await fresh.store.ready
        const [a, b] = tabs.map((tab) => view(tab.store))
        expect(a).toStrictEqual(b)
        expect(view(fresh.store)).toStrictEqual(a)
        // A create answered after every reset had finished, with none started later, is kept.
        for (const { id, resetsDone: done } of answered) if (done === resetsStarted) expect(a!.artefacts).toContain(id)
      },
    ),
    { numRuns: 60, seed: 2026 },
  )
})
