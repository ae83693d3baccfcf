import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createControl, seedArtefacts, seedCategories } from '../mocks/index.ts'
import { ARTEFACT, CATEGORY, PUBLISHED_ARTEFACT, SEED } from '../mocks/testing/support.ts'
import { type HttpLimits, type HttpServer, startHttpServer } from './http-server.ts'
import { openDataStore } from './sqlite-persistence.ts'
import { errorOf, rawRequest } from './test-support.ts'

// X-Mock-Scope (contract §12): each scope its own store, counters, settings, scenario and clock.
const SEED_RECORDS = seedArtefacts.length + seedCategories.length
const servers: HttpServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function start(options: { scenario?: string; limits?: Partial<HttpLimits> } = {}) {
  const control = createControl({ scenario: options.scenario ?? 'default' })
  const server = await startHttpServer({ port: 0, control, ...(options.limits && { limits: options.limits }) })
  servers.push(server)
  return { server, ...clientOf(server.url) }
}

/** Requests to `url`, each in the scope given (none: the shared one). */
function clientOf(url: string) {
  const call = (scope: string | null, path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      headers: { ...(scope !== null && { 'X-Mock-Scope': scope }), ...(init.headers as Record<string, string>) },
    })
  const send = (scope: string | null, method: string, path: string, body?: unknown) =>
    call(scope, path, {
      method,
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
    })
  const create = async (scope: string | null, title = 'Mine') => {
    const res = await send(scope, 'POST', ARTEFACT, { title })
    return { status: res.status, id: ((await res.json()) as { responseId?: string }).responseId }
  }
  const state = async (scope: string | null) => (await call(scope, '/__mock/state')).json()
  return { call, send, create, state }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a scope', () => {
  test('answers from its own store: what it creates, no other scope and not the shared one sees', async () => {
    const { create, call, send } = await start()
    const a = await create('worker-a')
    const b = await create('worker-b')
    const shared = await create(null)
    for (const [scope, own] of [
      ['worker-a', a.id],
      ['worker-b', b.id],
      [null, shared.id],
    ] as const) {
      for (const id of [a.id, b.id, shared.id])
        expect((await call(scope, `${ARTEFACT}/${id}`)).status, `${scope} reads ${id}`).toBe(id === own ? 200 : 404)
    }
    // Each scope numbers its categories from the data set's: the same id in both.
    const categoryIn = async (scope: string) =>
      (await (await send(scope, 'POST', CATEGORY, { name: 'Same name' })).json()).categoryId
    expect([await categoryIn('worker-a'), await categoryIn('worker-b')]).toEqual([7, 7])
  })

  test("starts in the server's starting scenario, not the one the shared scope uses now", async () => {
    const { send, call } = await start({ scenario: 'empty' })
    await send(null, 'PUT', '/__mock/scenario', { id: 'default' })
    expect((await call(null, PUBLISHED_ARTEFACT)).status).toBe(200)
    const scoped = await call('fresh', PUBLISHED_ARTEFACT)
    expect([scoped.status, scoped.headers.get('X-Mock-Scenario')]).toEqual([404, 'empty'])
  })

  test('the admin paths take X-Mock-Scope: settings, force, scenario, clock and reset change that scope alone', async () => {
    const { send, call, create, state } = await start()
    await send('a', 'PATCH', '/__mock/settings', { quota: 1 })
    await send('a', 'POST', '/__mock/force', { status: 422 })
    expect((await call('a', PUBLISHED_ARTEFACT)).status).toBe(422)
    expect((await call('b', PUBLISHED_ARTEFACT)).status).toBe(200)
    expect(await state('a')).toMatchObject({ scope: 'a', settings: { quota: 1 } })
    expect(await state('b')).toMatchObject({ scope: 'b', settings: { quota: null }, forcedNext: null })

    await send('a', 'PUT', '/__mock/scenario', { id: 'rate-limited' })
    expect((await call('a', PUBLISHED_ARTEFACT)).status).toBe(200)
    expect((await call('a', PUBLISHED_ARTEFACT)).status).toBe(429)
    expect((await call(null, PUBLISHED_ARTEFACT)).headers.get('X-Mock-Scenario')).toBe('default')
    const advanced = await (await send('a', 'POST', '/__mock/clock', { advanceMs: 60_000 })).json()
    expect(Date.parse(advanced.now) - Date.now()).toBeGreaterThan(55_000)
    expect((await call('a', PUBLISHED_ARTEFACT)).status).toBe(200)
    const clockOfB = await (await send('b', 'POST', '/__mock/clock', { advanceMs: 0 })).json()
    expect(Math.abs(Date.parse(clockOfB.now) - Date.now())).toBeLessThan(5_000)

    const kept = await create('b')
    const gone = await create('c')
    await send('c', 'POST', '/__mock/reset')
    expect((await call('c', `${ARTEFACT}/${gone.id}`)).status).toBe(404)
    expect((await call('b', `${ARTEFACT}/${kept.id}`)).status).toBe(200)
    await send('a', 'POST', '/__mock/reset')
    expect(await state('a')).toMatchObject({ scenario: 'rate-limited', quotaUsed: 0, settings: { quota: null } })
  })

  test('GET /__mock/state names the scope and lists every scope with its scenario', async () => {
    const { send, state } = await start()
    await send('w1', 'PUT', '/__mock/scenario', { id: 'drafts' })
    await send('w2', 'PUT', '/__mock/scenario', { id: 'empty' })
    const shared = await state(null)
    expect(shared.scope).toBeNull()
    expect(shared.scopes).toMatchObject({
      max: 64,
      named: [
        { name: 'w1', scenario: 'drafts', inFlight: 0, records: SEED_RECORDS },
        { name: 'w2', scenario: 'empty', inFlight: 0, records: 0 },
      ],
    })
    expect((await state('w2')).scope).toBe('w2')
  })
})

describe('scope names', () => {
  test('a name that is no short token is 400 on the mock paths and the admin paths, and makes no scope', async () => {
    const { server, call, state } = await start()
    for (const name of ['', 'two words', 'x'.repeat(65), 'a,b', 'a/b', '../x']) {
      for (const path of [PUBLISHED_ARTEFACT, '/__mock/state']) {
        const refused = await errorOf(await call(name, path))
        expect(refused.status, `${JSON.stringify(name)} on ${path}`).toBe(400)
        expect(refused.reason).toMatch(/^X-Mock-Scope: .* is not a scope name/)
      }
    }
    const port = Number(new URL(server.url).port)
    const twice = await rawRequest(
      port,
      `GET ${PUBLISHED_ARTEFACT} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mock-Scope: a\r\nX-Mock-Scope: b\r\nConnection: close\r\n\r\n`,
    )
    expect(twice.status).toBe(400)
    expect((await state(null)).scopes.named).toEqual([])
    expect((await call('Worker_3.retry-1', PUBLISHED_ARTEFACT)).status).toBe(200)
  })

  test('an admin request the guard refuses makes no scope', async () => {
    const { call, state } = await start()
    const res = await call('from-a-page', '/__mock/state', { headers: { Origin: 'https://evil.test' } })
    expect(res.status).toBe(403)
    expect((await state(null)).scopes.named).toEqual([])
  })
})

describe('the bound on scopes', () => {
  test('past maxScopes the scope idle longest is dropped; while each was used within scopeIdleMs a new one is 503', async () => {
    const { call, create, state } = await start({ limits: { maxScopes: 2, scopeIdleMs: 1_000 } })
    await create('a')
    await create('b')
    const refused = await call('c', PUBLISHED_ARTEFACT)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('Retry-After')).toBe('1')
    expect(refused.headers.get('X-Mock-Reason')).toMatch(
      /^scopes: all 2 scopes were used within the last 1 s, so X-Mock-Scope: c cannot be made; drop one/,
    )
    await sleep(1_100)
    await call('b', PUBLISHED_ARTEFACT)
    expect((await call('c', PUBLISHED_ARTEFACT)).status).toBe(200)
    expect((await state(null)).scopes.named.map((scope: { name: string }) => scope.name)).toEqual(['b', 'c'])
  })

  test('a scope answering a request is never dropped, however long it has waited', async () => {
    const { send, call, state } = await start({ limits: { maxScopes: 2, scopeIdleMs: 100 } })
    await send('slow', 'PATCH', '/__mock/settings', { latency: { mode: 'fixed', ms: 1_500 } })
    await call('idle', PUBLISHED_ARTEFACT)
    const slow = call('slow', PUBLISHED_ARTEFACT)
    await sleep(250)
    // `idle` was used 250 ms ago, `slow` is answering: `idle` goes.
    expect((await call('new', PUBLISHED_ARTEFACT)).status).toBe(200)
    expect((await state(null)).scopes.named.map((scope: { name: string }) => scope.name)).toEqual(['slow', 'new'])
    expect((await slow).status).toBe(200)
  })

  test('DELETE /__mock/scope drops the scope named, makes none, and needs a name', async () => {
    const { send, call, create, state } = await start({ limits: { maxScopes: 1 } })
    const mine = await create('mine')
    const dropped = await send('mine', 'DELETE', '/__mock/scope')
    expect(await dropped.json()).toMatchObject({ dropped: 'mine', scopes: { named: [] } })
    expect(await (await send('never-made', 'DELETE', '/__mock/scope')).json()).toMatchObject({ dropped: null })
    expect((await call('mine', `${ARTEFACT}/${mine.id}`)).status).toBe(404)
    const unnamed = await errorOf(await send(null, 'DELETE', '/__mock/scope'))
    expect([unnamed.status, unnamed.reason]).toEqual([
      400,
      'scope: name the scope to drop in X-Mock-Scope; the shared scope is reset instead (POST /__mock/reset)',
    ])
    expect((await state(null)).scopes.named.map((scope: { name: string }) => scope.name)).toEqual(['mine'])
  })
})

describe('stores and caps', () => {
  test('the data file belongs to the shared scope: scopes are memory only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apm-scopes-'))
    const file = join(dir, 'team.db')
    try {
      const first = await openDataStore(file)
      const server = await startHttpServer({ port: 0, control: createControl({ store: first.store }) })
      const { create } = clientOf(server.url)
      const shared = await create(null, 'Kept in the file')
      const scoped = await create('worker-1', 'Memory only')
      await server.close()
      first.close()

      const second = await openDataStore(file)
      try {
        expect(second.loaded).toMatchObject({ artefacts: 1, categories: 0 })
        expect(second.store.getArtefact(shared.id as string)?.artefact.title).toBe('Kept in the file')
        expect(second.store.getArtefact(scoped.id as string)).toBeUndefined()
      } finally {
        second.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('the record cap holds in every store, X-Mock-Scenario states included', async () => {
    const { create, send } = await start({ limits: { maxRecords: SEED_RECORDS + 1 } })
    expect((await create('a')).status).toBe(200)
    expect((await create('a')).status).toBe(403)
    expect((await create('b')).status).toBe(200)
    expect((await create(null)).status).toBe(200)
    for (const scenario of ['default', 'drafts']) {
      const res = await fetch(`${servers[0]?.url}${ARTEFACT}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Mock-Scenario': scenario },
        body: JSON.stringify({ title: 'Over the cap?' }),
      })
      expect(res.status, scenario).toBe(scenario === 'default' ? 403 : 200)
    }
    expect((await send(null, 'POST', ARTEFACT, { title: 'x' })).status).toBe(403)
  })

  test('the byte cap is one budget for every store of the server', async () => {
    const measure = await start()
    const base = (await measure.state(null)).store.storedBytes as number
    const { create, state } = await start({ limits: { maxStoredBytes: 2 * base + 2_000 } })
    expect((await create('a')).status).toBe(200)
    // A third store's data set takes the budget past the cap: no store may create now.
    expect((await create('b')).status).toBe(403)
    const refused = await errorOf(
      await fetch(`${servers[1]?.url}${ARTEFACT}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"title":"Shared"}',
      }),
    )
    expect(refused).toMatchObject({ status: 403, reason: expect.stringMatching(/hold \d+ bytes together/) })
    expect((await state(null)).scopes.storedBytes).toBeGreaterThan(2 * base)
  })
})

test('a scope keeps SEED ids readable in its own data set', async () => {
  const { call } = await start()
  expect((await call('reader', `${ARTEFACT}/${SEED.published}`)).status).toBe(200)
})
