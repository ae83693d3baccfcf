import 'fake-indexeddb/auto'
import { expect, test } from 'vitest'
import { seedArtefacts } from '../data/artefacts.ts'
import { buildSeed } from '../data/build-seed.ts'
import { seedCategories } from '../data/categories.ts'
import { indexedDbPersistence } from './indexeddb-persistence.ts'
import type { StoredArtefact } from '../schemas/resources.ts'
import { createStore, type Persistence, type Store } from './store.ts'
import { RESTORE_PAGE } from './restore.ts'
import { ARTEFACT, expectError, freshDatabase, quietWarnings, startMock } from '../testing/support.ts'

// A reload answers once the categories and the reset count are read; the artefacts follow a page
// at a time, and a GET of one not held yet reads it (decision 043).

const template = buildSeed(seedArtefacts, seedCategories)[0]!

/** `count` distinct artefacts, one second apart, as the mock's own create stores them. */
const records = (count: number): StoredArtefact[] =>
  Array.from({ length: count }, (_, n) => ({
    isDraft: n % 2 === 0,
    artefact: {
      ...template.artefact,
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      title: `Stored ${n}`,
      dateCreated: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    },
  }))

/** Stores `list` through the store's own write path, in one batch. */
async function fill(database: string, list: readonly StoredArtefact[]) {
  const store = createStore({ persistence: indexedDbPersistence(database) })
  await store.ready
  await Promise.all(list.map((record) => store.addArtefact(record)))
}

/**
 * The database's persistence, its pages held until `open()`: each read after it (`readAt: 'open'`),
 * or read at once and handed over after it (`'once'`); the second page fails if asked.
 */
function heldPages(database: string, { failSecond = false, readAt = 'open' as 'open' | 'once' } = {}) {
  const inner = indexedDbPersistence(database)
  const paged = inner.paged!
  let open = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const sizes: number[] = []
  let pageRead = () => {}
  const firstRead = new Promise<void>((resolve) => {
    pageRead = resolve
  })
  const persistence: Persistence = {
    ...inner,
    paged: {
      ...paged,
      async page(after, count) {
        if (readAt === 'open') await gate
        if (failSecond && sizes.length === 1) throw new Error('the disk went away')
        const page = await paged.page(after, count)
        pageRead()
        if (readAt === 'once') await gate
        sizes.push(page.currentArtefacts.length + page.artefacts.length)
        return page
      },
    },
  }
  return { persistence, open, sizes, firstRead }
}

const idsOf = (store: Store) => store.getSnapshot().artefacts.map((record) => record.summary.id)

test(`a reload with ${2 * RESTORE_PAGE + 1} stored answers before the pages arrive, then holds each once`, async () => {
  const database = freshDatabase('restore')
  const stored = records(2 * RESTORE_PAGE + 1)
  await fill(database, stored)
  const held = heldPages(database)
  const tab = startMock({ store: createStore({ persistence: held.persistence }) })
  await tab.store.serving

  // Nothing of the pages is held yet, and the answers are those of the stored records.
  expect(tab.store.getSnapshot().health.restoring).toBe(true)
  expect(idsOf(tab.store)).toHaveLength(seedArtefacts.length)
  const last = stored.at(-1)!
  const read = await tab.getArtefact(last.artefact.id.toUpperCase())
  expect(read.status).toBe(200)
  expect(read.headers.get('X-Artefact-Status')).toBe('draft')
  expect(await read.json()).toMatchObject({ id: last.artefact.id, title: last.artefact.title })
  await expectError(await tab.getArtefact('00000000-0000-4000-8000-0000000fffff'), 404)
  // A create meanwhile is stored before the pages are read, so a page brings it again: held once.
  const created = await tab.post(ARTEFACT, { title: 'Made while loading' })
  expect(created.status).toBe(200)
  const { responseId } = await created.json()

  held.open()
  await tab.store.ready
  expect(held.sizes).toEqual([RESTORE_PAGE, RESTORE_PAGE, 2])
  const ids = idsOf(tab.store)
  expect(new Set(ids).size).toBe(ids.length)
  expect(ids).toHaveLength(seedArtefacts.length + stored.length + 1)
  expect(ids[0]).toBe(responseId)
  expect(tab.store.getSnapshot().health).toMatchObject({ restoring: false, skipped: [], lastError: null })
})

test('pages read before a reset in this tab are dropped: nothing the reset wiped comes back', async () => {
  const database = freshDatabase('restore')
  const stored = records(3)
  await fill(database, stored)
  const held = heldPages(database, { readAt: 'once' })
  const tab = startMock({ store: createStore({ persistence: held.persistence }) })
  await tab.store.serving
  // The first page is read (it holds the three) before the reset, and handed over after it.
  await held.firstRead
  await tab.control.reset()
  held.open()
  await tab.store.ready
  expect(idsOf(tab.store)).toHaveLength(seedArtefacts.length)
  await expectError(await tab.getArtefact(stored[0]!.artefact.id), 404)
  expect(tab.store.getSnapshot().health.restoring).toBe(false)
})

test('a page that cannot be read is reported, and a GET still reads the records it held', async () => {
  quietWarnings()
  const database = freshDatabase('restore')
  const stored = records(RESTORE_PAGE + 10)
  await fill(database, stored)
  const held = heldPages(database, { failSecond: true })
  const tab = startMock({ store: createStore({ persistence: held.persistence }) })
  held.open()
  await tab.store.ready
  const { health } = tab.store.getSnapshot()
  expect(health).toMatchObject({ restoring: false, lastErrorKind: 'load', mode: 'saved' })
  expect(health.lastError).toMatch(/the disk went away/)
  expect(idsOf(tab.store)).toHaveLength(seedArtefacts.length + RESTORE_PAGE)
  // The last key sorts into the page that failed.
  const unread = stored.at(-1)!.artefact.id
  expect(tab.store.getArtefact(unread)).toBeUndefined()
  expect((await tab.getArtefact(unread)).status).toBe(200)

  // A reset wipes what the failed page held: nothing is missing from the list any more.
  await tab.control.reset()
  expect(tab.store.getSnapshot().health).toMatchObject({ lastError: null, lastErrorKind: null })
  await expectError(await tab.getArtefact(unread), 404)
})
