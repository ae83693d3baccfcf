import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createControl, createStore, seedArtefacts, seedCategories, type Store } from '../mocks/index.ts'
import { type HttpLimits, type HttpServer, startHttpServer } from './http-server.ts'
import { openDataStore } from './sqlite-persistence.ts'
import { limitStore } from './store-limits.ts'
import { RESOURCES as PREFIX } from '../mocks/testing/support.ts'

const SEED = seedArtefacts.length + seedCategories.length
let server: HttpServer

afterEach(() => server.close())

async function start(limits: Partial<HttpLimits>, store?: Store) {
  server = await startHttpServer({
    port: 0,
    control: createControl(store && { store }),
    limits: { maxConnections: 1000, ...limits },
  })
}
const post = (path: string, body: unknown) =>
  fetch(`${server.url}${PREFIX}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
const createArtefact = async (title: string, text = '') => {
  const res = await post('artefact', { title, ...(text && { content: [{ mediaType: 'text/plain', text }] }) })
  return { status: res.status, reason: res.headers.get('X-Mock-Reason'), body: await res.json() }
}

describe('the store cap', () => {
  test('a create past maxRecords is 403 with the reason, and nothing stored is dropped', async () => {
    await start({ maxRecords: SEED + 4 })
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await createArtefact(`Kept ${i}`)).body.responseId)
    expect((await post('artefactcategory', { name: 'Kept category' })).status).toBe(201)

    const refused = await createArtefact('One too many')
    expect(refused).toEqual({
      status: 403,
      reason: `store cap reached: it holds ${SEED + 4} records (artefacts and categories, the data set included) and the cap is ${SEED + 4} (--max-records); nothing was stored. Reset (POST /__mock/reset) or raise the cap`,
      body: { errorCode: '403', message: 'Out of call volume quota' },
    })
    const category = await post('artefactcategory', { name: 'One too many' })
    expect(category.status).toBe(403)
    for (const id of ids) expect((await fetch(`${server.url}${PREFIX}/artefact/${id}`)).status).toBe(200)
    expect(server.control.store.getSnapshot().artefacts).toHaveLength(seedArtefacts.length + 3)
    expect(server.control.store.findCategoryByName('One too many')).toBeUndefined()
  })

  test("at the cap a create still gets its own answer first: 400, 422 and the data set's rules", async () => {
    await start({ maxRecords: SEED })
    expect((await post('artefact', '{"title":')).status).toBe(400)
    expect((await post('artefact', {})).status).toBe(422)
    expect((await post('artefactcategory', { name: 'billing & PLANS' })).status).toBe(422)
    const ruleBroken = await post('artefact', { title: 'x', category: { id: 999 } })
    expect([ruleBroken.status, (await ruleBroken.json()).hasErrors]).toEqual([200, true])
    expect((await createArtefact('Valid')).status).toBe(403)
  })

  test('a create past maxStoredBytes is 403 naming the bytes', async () => {
    const seedBytes = limitStore(createStore(), { maxRecords: 1e6, maxStoredBytes: 1e12 }).usage().storedBytes
    // Each of these artefacts takes about 8.3 KB of JSON (the text, and again as simpleContent).
    await start({ maxStoredBytes: seedBytes + 20_000 })
    expect((await createArtefact('First', 'x'.repeat(4000))).status).toBe(200)
    expect((await createArtefact('Second', 'x'.repeat(4000))).status).toBe(200)
    const third = await createArtefact('Third', 'x'.repeat(4000))
    expect(third.status).toBe(403)
    expect(third.reason).toMatch(
      /^store cap reached: \d+ bytes stored, this artefact needs \d+ more and the cap is \d+ bytes \(--max-store-mb\)/,
    )
    expect((await createArtefact('Small')).status).toBe(200)
  })

  test('reset, from the admin path or from code, frees the store', async () => {
    await start({ maxRecords: SEED + 1 })
    expect((await createArtefact('Fills it')).status).toBe(200)
    expect((await createArtefact('Refused')).status).toBe(403)
    await fetch(`${server.url}/__mock/reset`, { method: 'POST' })
    expect((await createArtefact('Fits again')).status).toBe(200)
    await server.control.reset()
    expect((await createArtefact('And again')).status).toBe(200)
    expect((await createArtefact('Full again')).status).toBe(403)
  })

  test('300 creates at once against room for 100: exactly 100 stored, 200 refused', async () => {
    await start({ maxRecords: SEED + 100 })
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        (i % 3 === 0
          ? post('artefactcategory', { name: `Category ${i}` })
          : post('artefact', { title: `Artefact ${i}` })
        ).then((res) => res.status),
      ),
    )
    const stored = answers.filter((status) => status === 200 || status === 201).length
    expect([stored, answers.filter((status) => status === 403).length]).toEqual([100, 200])
    const snapshot = server.control.store.getSnapshot()
    expect(snapshot.artefacts.length + snapshot.categories.length).toBe(SEED + 100)
  })

  test('creates waiting for their write to a data file are held against the cap too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apm-cap-'))
    try {
      const data = await openDataStore(join(dir, 'cap.db'))
      const { store } = limitStore(data.store, { maxRecords: SEED + 100, maxStoredBytes: 1e9 })
      const model = data.store.getArtefact(data.store.getSnapshot().artefacts[0]!.key)!
      // All 300 in the same tick: every one is between the cap check and its write at once.
      const results = await Promise.allSettled(
        Array.from({ length: 300 }, (_, i) =>
          i % 3 === 0
            ? store.addCategory(`Category ${i}`, model.artefact.dateCreated)
            : store.addArtefact({ ...model, artefact: { ...model.artefact, id: randomUUID() } }),
        ),
      )
      const refused = results.filter(
        (result) => result.status === 'rejected' && result.reason instanceof Response && result.reason.status === 403,
      )
      expect([results.length - refused.length, refused.length]).toEqual([100, 200])
      data.close()
      const reopened = await openDataStore(join(dir, 'cap.db'))
      expect(reopened.loaded.artefacts + reopened.loaded.categories).toBe(100)
      reopened.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

test('a create through the cap is stored with its simpleContent rendered', async () => {
  const store = createStore()
  await start({}, store)
  const { body } = await createArtefact('Measured at once', 'Plain words')
  const stored = store.getArtefact(body.responseId)?.artefact
  expect(Object.getOwnPropertyDescriptor(stored, 'simpleContent')).toMatchObject({ value: 'Plain words' })
})
