import { describe, expect, test } from 'vitest'
import { BUILT_IN_SCENARIOS } from '../mocks/index.ts'
import { ARTEFACT, CATEGORY, PUBLISHED_ARTEFACT, SEED } from '../mocks/testing/support.ts'
import { errorOf, httpServerPerTest } from './test-support.ts'

// Scenarios and the clock over the admin paths (contract §12), on the shared scope.
const { current, call, send } = httpServerPerTest()
const KNOWN = BUILT_IN_SCENARIOS.map((scenario) => scenario.id).join(', ')
const state = async () => (await call('/__mock/state')).json()

describe('GET /__mock/scenarios', () => {
  test('lists every scenario with its title and description, and marks the active one', async () => {
    await current.control.useScenario('drafts')
    const res = await call('/__mock/scenarios')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.active).toBe('drafts')
    expect(body.scenarios).toHaveLength(BUILT_IN_SCENARIOS.length)
    expect(body.scenarios[0]).toEqual({
      id: 'default',
      title: 'Default',
      description: 'The mock as created: the static data set and the default settings.',
      active: false,
    })
    expect(body.scenarios.filter((s: { active: boolean }) => s.active).map((s: { id: string }) => s.id)).toEqual([
      'drafts',
    ])
  })
})

describe('PUT /__mock/scenario', () => {
  test('replaces the state with the scenario: what was created is gone, state names it', async () => {
    const { responseId } = await (await send('POST', ARTEFACT, { title: 'Gone after the switch' })).json()
    const res = await send('PUT', '/__mock/scenario', { id: 'empty' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ scenario: 'empty', scope: null })
    expect((await call(`${ARTEFACT}/${responseId}`)).status).toBe(404)
    const read = await call(PUBLISHED_ARTEFACT)
    expect([read.status, read.headers.get('X-Mock-Scenario')]).toEqual([404, 'empty'])
    expect((await state()).scenario).toBe('empty')
  })

  test('a scenario with settings applies them, and reset returns to the scenario in use', async () => {
    await send('PUT', '/__mock/scenario', { id: 'maintenance' })
    expect((await call(PUBLISHED_ARTEFACT)).status).toBe(503)
    await send('PATCH', '/__mock/settings', { maintenance: false })
    expect((await call(PUBLISHED_ARTEFACT)).status).toBe(200)
    expect(await (await call('/__mock/reset', { method: 'POST' })).json()).toMatchObject({
      scenario: 'maintenance',
      settings: { maintenance: true },
    })
  })

  test('an unknown id is 400 with the known ids in X-Mock-Reason, and changes nothing', async () => {
    await send('PATCH', '/__mock/settings', { quota: 50 })
    const { responseId } = await (await send('POST', ARTEFACT, { title: 'Still here' })).json()
    const before = await state()
    expect(await errorOf(await send('PUT', '/__mock/scenario', { id: 'emtpy' }))).toEqual({
      status: 400,
      body: { errorCode: '400', message: 'Bad Request' },
      reason: `scenario: no scenario has the id "emtpy"; known: ${KNOWN}. Nothing was changed`,
    })
    expect(await state()).toEqual(before)
    expect((await call(`${ARTEFACT}/${responseId}`)).status).toBe(200)
  })

  test('a body that names no id is 400 with what to send; a body that is not JSON typed is 415', async () => {
    for (const body of [{}, { id: 3 }, { id: 'empty', extra: true }, '"empty"', '{id']) {
      const refused = await errorOf(await send('PUT', '/__mock/scenario', body))
      expect(refused.status, JSON.stringify(body)).toBe(400)
    }
    expect((await errorOf(await send('PUT', '/__mock/scenario', {}))).reason).toContain(`one of ${KNOWN}`)
    const form = await call('/__mock/scenario', { method: 'PUT', body: 'id=empty' })
    expect(form.status).toBe(415)
    expect((await state()).scenario).toBe('default')
  })

  test('keeps the guard: a web page of another origin is refused and nothing changes', async () => {
    const res = await send('PUT', '/__mock/scenario', { id: 'empty' }, { Origin: 'https://evil.test' })
    expect(res.status).toBe(403)
    expect((await state()).scenario).toBe('default')
    expect((await call('/__mock/scenario', { method: 'GET' })).headers.get('Allow')).toBe('PUT')
  })
})

describe('POST /__mock/clock', () => {
  test('advancing the clock ends a rate-limit window without waiting', async () => {
    await send('PUT', '/__mock/scenario', { id: 'rate-limited' })
    expect((await call(PUBLISHED_ARTEFACT)).status).toBe(200)
    const limited = await call(PUBLISHED_ARTEFACT)
    expect([limited.status, limited.headers.get('Retry-After')]).toEqual([429, '60'])
    const before = current.control.now()
    const advanced = await send('POST', '/__mock/clock', { advanceMs: 60_000 })
    expect(advanced.status).toBe(200)
    const body = await advanced.json()
    expect(Date.parse(body.now) - before).toBeGreaterThanOrEqual(60_000)
    expect((await call(PUBLISHED_ARTEFACT)).status).toBe(200)
  })

  test('a reset takes the clock back: the rate-limit window is the one of a fresh server', async () => {
    await send('PUT', '/__mock/scenario', { id: 'rate-limited' })
    await send('POST', '/__mock/clock', { advanceMs: 90 * 86_400_000 })
    expect((await call(PUBLISHED_ARTEFACT)).status).toBe(200)
    expect((await call('/__mock/reset', { method: 'POST' })).status).toBe(200)
    expect(Math.abs(current.control.now() - Date.now())).toBeLessThan(5_000)
    expect((await call(PUBLISHED_ARTEFACT)).status).toBe(200)
    const limited = await call(PUBLISHED_ARTEFACT)
    expect([limited.status, limited.headers.get('Retry-After')]).toEqual([429, '60'])
  })

  test('a duration that is not whole milliseconds from 0 to 366 days is 400, and the clock stays', async () => {
    for (const body of [{}, { advanceMs: -1 }, { advanceMs: 1.5 }, { advanceMs: '60000' }, { advanceMs: 1e12 }]) {
      const res = await send('POST', '/__mock/clock', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.headers.get('X-Mock-Reason')).toMatch(/^clock: /)
    }
    // The server's clock is the wall clock: no offset was added.
    expect(Math.abs(current.control.now() - Date.now())).toBeLessThan(1000)
  })
})

describe('X-Mock-Scenario over HTTP', () => {
  test('answers one request from the scenario named, labelled with it, and leaves the scope as it was', async () => {
    const res = await call(PUBLISHED_ARTEFACT, { headers: { 'X-Mock-Scenario': 'maintenance' } })
    expect([res.status, res.headers.get('X-Mock-Scenario')]).toEqual([503, 'maintenance'])
    const plain = await call(PUBLISHED_ARTEFACT)
    expect([plain.status, plain.headers.get('X-Mock-Scenario')]).toEqual([200, 'default'])
  })

  test('an unknown id is 400 with the known ids, on every path of the mock', async () => {
    for (const path of [PUBLISHED_ARTEFACT, `${ARTEFACT}s`]) {
      const refused = await errorOf(await call(path, { headers: { 'X-Mock-Scenario': 'emtpy' } }))
      expect(refused).toEqual({
        status: 400,
        body: { errorCode: '400', message: 'Bad Request' },
        reason: `X-Mock-Scenario: no scenario has the id "emtpy"; known: ${KNOWN}`,
      })
    }
  })

  test('every answer of the mock carries X-Mock-Scenario, readable from another origin', async () => {
    await send('PUT', '/__mock/scenario', { id: 'drafts' })
    for (const res of [
      await call(PUBLISHED_ARTEFACT),
      await call(`${ARTEFACT}/${SEED.unknown}`),
      await send('POST', CATEGORY, { name: 'Labelled' }),
      await call(`${ARTEFACT}s`),
      await call(PUBLISHED_ARTEFACT, { method: 'DELETE' }),
    ]) {
      expect(res.headers.get('X-Mock-Scenario')).toBe('drafts')
      expect(res.headers.get('Access-Control-Expose-Headers')).toContain('X-Mock-Scenario')
    }
  })

  test("the HTTP mode's own refusals name the scenario once the scope is known, and none before", async () => {
    await send('PUT', '/__mock/scenario', { id: 'drafts' })
    await send('PUT', '/__mock/scenario', { id: 'empty' }, { 'X-Mock-Scope': 'worker-1' })
    const outside = (headers: Record<string, string> = {}) => call('/favicon.ico', { headers })
    const labels = async (res: Response) => [res.status, res.headers.get('X-Mock-Scenario')]
    expect(await labels(await outside())).toEqual([404, 'drafts'])
    expect(await labels(await outside({ 'X-Mock-Scope': 'worker-1' }))).toEqual([404, 'empty'])
    expect(await labels(await outside({ 'X-Mock-Scenario': 'maintenance' }))).toEqual([404, 'maintenance'])
    // An unknown id would be the pipeline's 400, labelled with the scope's scenario.
    expect(await labels(await outside({ 'X-Mock-Scenario': 'emtpy' }))).toEqual([404, 'drafts'])
    const badScope = await call(PUBLISHED_ARTEFACT, { headers: { 'X-Mock-Scope': 'no spaces' } })
    expect(await labels(badScope)).toEqual([400, null])
    expect((await outside()).headers.get('Access-Control-Expose-Headers')).toContain('X-Mock-Scenario')
  })

  test('a preflight that names no headers is allowed X-Mock-Scenario and X-Mock-Scope', async () => {
    const res = await call(ARTEFACT, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    })
    expect(res.headers.get('Access-Control-Allow-Headers')).toBe(
      'Content-Type, Accept, Prefer, X-Mock-Scenario, X-Mock-Scope',
    )
  })
})
