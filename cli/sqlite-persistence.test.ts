import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createControl, seedArtefacts, seedCategories } from '../mocks/index.ts'
import { type HttpServer, startHttpServer } from './http-server.ts'
import { DataFileError, openDataFile, openDataStore } from './sqlite-persistence.ts'
import { RESOURCES as PREFIX } from '../mocks/testing/support.ts'

let dir: string
let file: string
const open: Array<{ server: HttpServer; close: () => void }> = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'apm-data-'))
  file = join(dir, 'mock.db')
})
afterEach(async () => {
  for (const { server, close } of open.splice(0)) {
    await server.close()
    close()
  }
  rmSync(dir, { recursive: true, force: true })
})

/** A server over the data file, as `serve --data` starts one. */
async function serveFile() {
  const data = await openDataStore(file)
  const server = await startHttpServer({ port: 0, control: createControl({ store: data.store }) })
  const entry = { server, close: data.close }
  open.push(entry)
  const stop = async () => {
    open.splice(open.indexOf(entry), 1)
    await server.close()
    data.close()
  }
  return { server, data, stop }
}

const post = (server: HttpServer, path: string, body: unknown) =>
  fetch(`${server.url}${PREFIX}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('a data file', () => {
  test('keeps created artefacts and categories across a restart, read back exactly as before', async () => {
    const first = await serveFile()
    const category = await (await post(first.server, 'artefactcategory', { name: 'Mobile apps' })).json()
    // JSON text, so `__proto__` is a key like any other (behaviour §7).
    const body = JSON.parse(
      `{"title":"Pin a note","category":{"id":${category.categoryId}},"metaData":{"__proto__":{"values":["kept as a key"],"dataType":"string"},"audience":{"values":["admins"],"dataType":"string"}}}`,
    )
    const { responseId } = await (await post(first.server, 'artefact?isDraft=true', body)).json()
    const before = await (await fetch(`${first.server.url}${PREFIX}/artefact/${responseId}`)).text()
    await first.stop()

    const second = await serveFile()
    expect(second.data.loaded).toEqual({ artefacts: 1, categories: 1, skipped: [] })
    const res = await fetch(`${second.server.url}${PREFIX}/artefact/${responseId}`)
    expect(res.headers.get('X-Artefact-Status')).toBe('draft')
    const after = await res.text()
    expect(after.replaceAll(second.server.url, '')).toBe(before.replaceAll(first.server.url, ''))
    expect(Object.keys(JSON.parse(after).metaData)).toEqual(['__proto__', 'audience'])
    expect(({} as Record<string, unknown>).values).toBeUndefined()
    // Ids continue after what the file holds.
    expect(await (await post(second.server, 'artefactcategory', { name: 'Desktop apps' })).json()).toEqual({
      categoryId: category.categoryId + 1,
      categoryName: 'Desktop apps',
    })
    expect((await post(second.server, 'artefactcategory', { name: 'mobile APPS' })).status).toBe(422)
  })

  test('50 categories created in the same tick get 50 distinct ids, and every one is kept', async () => {
    const first = await serveFile()
    const now = new Date().toISOString()
    // Straight at the store, so all 50 are between choosing an id and writing it at once.
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) => first.data.store.addCategory(`Team ${i}`, now)),
    )
    const ids = created.map((category) => category.id)
    expect(new Set(ids).size).toBe(50)
    expect(Math.min(...ids)).toBe(seedCategories.length + 1)
    await first.stop()
    const second = await serveFile()
    expect(second.data.loaded.categories).toBe(50)
    ids.forEach((id, i) => expect(second.server.control.store.findCategoryByName(`Team ${i}`)?.id).toBe(id))
  })

  test('reset clears the file and the data set is never written', async () => {
    const first = await serveFile()
    await post(first.server, 'artefact', { title: 'Gone after reset' })
    await post(first.server, 'artefactcategory', { name: 'Gone too' })
    expect((await fetch(`${first.server.url}/__mock/reset`, { method: 'POST' })).status).toBe(200)
    await first.stop()
    const second = await serveFile()
    expect(second.data.loaded).toEqual({ artefacts: 0, categories: 0, skipped: [] })
    const snapshot = second.server.control.store.getSnapshot()
    expect([snapshot.artefacts.length, snapshot.categories.length]).toEqual([
      seedArtefacts.length,
      seedCategories.length,
    ])
  })

  test('a record that no longer fits, or is not JSON, is skipped and reported; the rest is kept', async () => {
    const first = await serveFile()
    const { responseId } = await (await post(first.server, 'artefact', { title: 'Good' })).json()
    await first.stop()
    const db = new DatabaseSync(file)
    db.exec(
      `INSERT INTO artefact (id, record) VALUES ('0a1e0001-0000-4000-8000-00000000bad1', '{"artefact":{"id":"0a1e0001-0000-4000-8000-00000000bad1"}}')`,
    )
    db.exec(`INSERT INTO artefact (id, record) VALUES ('0a1e0001-0000-4000-8000-00000000bad2', 'not json')`)
    db.exec(`INSERT INTO category (id, record) VALUES (99, '{"id":99}')`)
    db.close()
    const second = await serveFile()
    expect(second.data.loaded.skipped).toEqual([
      'category 99: does not fit the schema',
      'artefact 0a1e0001-0000-4000-8000-00000000bad1: does not fit the schema',
      'artefact 0a1e0001-0000-4000-8000-00000000bad2: does not fit the schema',
    ])
    expect((await fetch(`${second.server.url}${PREFIX}/artefact/${responseId}`)).status).toBe(200)
    // Listed where the start line points.
    const state = await (await fetch(`${second.server.url}/__mock/state`)).json()
    expect(state.health).toMatchObject({ mode: 'saved', skipped: second.data.loaded.skipped, lastError: null })
  })

  test('a create whose write fails is answered 503, never 200; the creates written with it are kept', async () => {
    openDataFile(file).close()
    const db = new DatabaseSync(file)
    db.exec(
      `CREATE TRIGGER full BEFORE INSERT ON artefact WHEN NEW.record LIKE '%Boom%' BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END`,
    )
    db.close()
    const first = await serveFile()
    const answers = await Promise.all(
      ['Fine 1', 'Boom', 'Fine 2'].map((title) => post(first.server, 'artefact', { title })),
    )
    expect(answers.map((res) => res.status)).toEqual([200, 503, 200])
    expect(answers[1]?.headers.get('X-Mock-Reason')).toContain('disk full (test)')
    const kept = await Promise.all([answers[0], answers[2]].map(async (res) => (await res!.json()).responseId))
    await first.stop()
    const second = await serveFile()
    expect(second.data.loaded.artefacts).toBe(2)
    for (const id of kept) expect((await fetch(`${second.server.url}${PREFIX}/artefact/${id}`)).status).toBe(200)
  })
})

describe('a write that fails leaves memory as it was', () => {
  /** The file refuses categories (a trigger raising "disk full") until an artefact is stored: then space is back. */
  function fullForCategories() {
    openDataFile(file).close()
    const db = new DatabaseSync(file)
    db.exec(
      `CREATE TRIGGER full BEFORE INSERT ON category WHEN (SELECT count(*) FROM artefact) = 0 BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END`,
    )
    db.close()
  }

  test('a category whose write failed leaves no name, no id and nothing to restart with', async () => {
    fullForCategories()
    const first = await serveFile()
    const refused = await post(first.server, 'artefactcategory', { name: 'Phantom' })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('X-Mock-Reason')).toMatch(/disk full \(test\); nothing was stored$/)
    expect(first.server.control.store.findCategoryByName('Phantom')).toBeUndefined()
    // Space is back.
    expect((await post(first.server, 'artefact', { title: 'Space is back' })).status).toBe(200)
    const other = await post(first.server, 'artefactcategory', { name: 'Other' })
    expect(await other.json()).toEqual({ categoryId: seedCategories.length + 1, categoryName: 'Other' })
    const phantom = await post(first.server, 'artefactcategory', { name: 'Phantom' })
    expect(phantom.status).toBe(201)
    expect(await phantom.json()).toEqual({ categoryId: seedCategories.length + 2, categoryName: 'Phantom' })
    const filed = await (
      await post(first.server, 'artefact', { title: 'Filed', category: { id: seedCategories.length + 1 } })
    ).json()
    await first.stop()

    const second = await serveFile()
    expect(second.data.loaded.categories).toBe(2)
    const store = second.server.control.store
    expect([store.findCategoryByName('Other')?.id, store.findCategoryByName('Phantom')?.id]).toEqual([
      seedCategories.length + 1,
      seedCategories.length + 2,
    ])
    const read = await (await fetch(`${second.server.url}${PREFIX}/artefact/${filed.responseId}`)).json()
    expect(read.category).toMatchObject({ id: seedCategories.length + 1, name: 'Other' })
  })

  test('an admin reset on a full disk answers 503 with the reason and changes nothing', async () => {
    openDataFile(file).close()
    const first = await serveFile()
    const { responseId } = await (await post(first.server, 'artefact', { title: 'Kept through a failed reset' })).json()
    await post(first.server, 'artefactcategory', { name: 'Kept too' })
    await first.stop()
    const db = new DatabaseSync(file)
    db.exec(`CREATE TRIGGER full BEFORE DELETE ON artefact BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END`)
    db.close()

    const second = await serveFile()
    const admin = (path: string, method: string, body?: unknown) =>
      fetch(`${second.server.url}/__mock/${path}`, {
        method,
        ...(body !== undefined && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      })
    await admin('settings', 'PATCH', { quota: 100, latency: { mode: 'fixed', ms: 1 } })
    await fetch(`${second.server.url}${PREFIX}/artefact/${responseId}`)
    await admin('force', 'POST', { status: 429 })
    const before = await (await admin('state', 'GET')).json()
    expect(before).toMatchObject({ quotaUsed: 1, forcedNext: 429, settings: { quota: 100 } })

    const reset = await admin('reset', 'POST')
    expect(reset.status).toBe(503)
    expect(reset.headers.get('Retry-After')).toBe(String(before.settings.retryAfterSeconds))
    expect(reset.headers.get('X-Mock-Reason')).toMatch(
      /^storage: reset failed: disk full \(test\); nothing was changed$/,
    )
    expect(await reset.json()).toEqual({ errorCode: '503', message: 'Service Unavailable' })
    const after = await (await admin('state', 'GET')).json()
    expect({ ...after, health: undefined }).toEqual({ ...before, health: undefined })
    expect(after.health.lastError).toBe('reset failed: disk full (test)')
    // The store and the file: the artefact is still there, and the category's name still taken.
    second.server.control.forceNext(null)
    expect((await fetch(`${second.server.url}${PREFIX}/artefact/${responseId}`)).status).toBe(200)
    expect((await post(second.server, 'artefactcategory', { name: 'Kept too' })).status).toBe(422)
    await second.stop()
    expect((await serveFile()).data.loaded).toMatchObject({ artefacts: 1, categories: 1 })
  })
})

describe('a file that is not one', () => {
  test("a file that is not SQLite, another program's database, or a newer format is refused with a reason", async () => {
    writeFileSync(
      file,
      'just text, not a database, long enough to be read as a header.......................................',
    )
    await expect(openDataStore(file)).rejects.toThrow(DataFileError)
    const other = join(dir, 'other.db')
    const db = new DatabaseSync(other)
    db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY)')
    db.close()
    await expect(openDataStore(other)).rejects.toThrow(/is an SQLite database of another program/)
    const newer = join(dir, 'newer.db')
    openDataFile(newer).close()
    const bump = new DatabaseSync(newer)
    bump.exec('PRAGMA user_version = 2')
    bump.close()
    await expect(openDataStore(newer)).rejects.toThrow(/written by a newer artefact-preview-mock \(format 2\)/)
  })

  test('a refused database is left byte for byte as it was (its journal mode included)', async () => {
    const other = join(dir, 'other.db')
    const db = new DatabaseSync(other)
    db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY); INSERT INTO invoices VALUES (1)')
    db.close()
    const newer = join(dir, 'newer.db')
    openDataFile(newer).close()
    const bump = new DatabaseSync(newer)
    bump.exec('PRAGMA journal_mode = DELETE; PRAGMA user_version = 2')
    bump.close()
    for (const path of [other, newer]) {
      const before = readFileSync(path)
      await expect(openDataStore(path)).rejects.toThrow(DataFileError)
      expect(readFileSync(path).equals(before)).toBe(true)
      expect(existsSync(`${path}-wal`)).toBe(false)
    }
  })

  test('a file another server holds is refused', async () => {
    const held = openDataFile(file)
    try {
      expect(() => openDataFile(file)).toThrow(/is in use by another process/)
    } finally {
      held.close()
    }
    openDataFile(file).close()
  })
})
