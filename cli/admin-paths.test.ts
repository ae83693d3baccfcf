import { describe, expect, test } from 'vitest'
import { RESOURCES as PREFIX, SEED } from '../mocks/testing/support.ts'
import { errorOf, httpServerPerTest, rawRequest } from './test-support.ts'

// Steering a running server through its admin paths (moved out of http-server.test.ts, which
// keeps the operations, the contract, CORS and the server's life).
const PUBLISHED = SEED.published

const { current, call, send } = httpServerPerTest()

describe('the admin path', () => {
  const state = async () => (await call('/__mock/state')).json()

  test('maintenance answers 503 with Retry-After until it is turned off', async () => {
    const patched = await send('PATCH', '/__mock/settings', { maintenance: true, retryAfterSeconds: 120 })
    expect(patched.status).toBe(200)
    expect((await patched.json()).settings).toMatchObject({ maintenance: true, retryAfterSeconds: 120 })
    const res = await call(`${PREFIX}/artefact/${PUBLISHED}`)
    expect([res.status, res.headers.get('Retry-After')]).toEqual([503, '120'])
    await send('PATCH', '/__mock/settings', { maintenance: false })
    expect((await call(`${PREFIX}/artefact/${PUBLISHED}`)).status).toBe(200)
  })

  test('a quota answers 403 once it is used up, and state counts the calls', async () => {
    await send('PATCH', '/__mock/settings', { quota: 1 })
    expect((await call(`${PREFIX}/artefact/${PUBLISHED}`)).status).toBe(200)
    expect(await errorOf(await call(`${PREFIX}/artefact/${PUBLISHED}`))).toMatchObject({
      status: 403,
      body: { message: 'Out of call volume quota' },
    })
    expect(await state()).toMatchObject({ quotaUsed: 2, settings: { quota: 1 } })
  })

  test('reset restores the data set, the counters and the settings the server started with', async () => {
    await send('PATCH', '/__mock/settings', { quota: 100 })
    const { responseId } = await (await send('POST', `${PREFIX}/artefact`, { title: 'Gone after reset' })).json()
    await send('POST', `${PREFIX}/artefactcategory`, { name: 'Mobile apps' })
    expect((await call(`${PREFIX}/artefact/${responseId}`)).status).toBe(200)
    const reset = await call('/__mock/reset', { method: 'POST' })
    expect(reset.status).toBe(200)
    expect(await reset.json()).toMatchObject({ quotaUsed: 0, settings: { quota: null } })
    expect((await call(`${PREFIX}/artefact/${responseId}`)).status).toBe(404)
    expect(await (await send('POST', `${PREFIX}/artefactcategory`, { name: 'Mobile apps' })).json()).toEqual({
      categoryId: 7,
      categoryName: 'Mobile apps',
    })
  })

  test('invalid settings answer 400 with the reason in X-Mock-Reason, the Error body alone, and change nothing', async () => {
    const settingsBefore = (await state()).settings
    for (const patch of [
      { quota: -1 },
      { latency: { mode: 'range', minMs: 500, maxMs: 10 } },
      { maintenence: true },
      [1],
    ]) {
      const res = await send('PATCH', '/__mock/settings', patch)
      expect(res.status).toBe(400)
      expect(res.headers.get('X-Mock-Reason')).toMatch(/^settings: /)
      expect(await res.json()).toEqual({ errorCode: '400', message: 'Bad Request' })
    }
    expect((await send('PATCH', '/__mock/settings', '{quota')).status).toBe(400)
    expect((await state()).settings).toEqual(settingsBefore)
  })

  test('force sets the status of the next request only', async () => {
    expect((await send('POST', '/__mock/force', { status: 422 })).status).toBe(200)
    expect((await state()).forcedNext).toBe(422)
    expect((await call(`${PREFIX}/artefact/${PUBLISHED}`)).status).toBe(422)
    expect((await call(`${PREFIX}/artefact/${PUBLISHED}`)).status).toBe(200)
    expect(await errorOf(await send('POST', '/__mock/force', { status: 200 }))).toMatchObject({
      status: 400,
      reason: expect.stringContaining('200'),
    })
  })

  test('a tiny body limit does not lock the admin path out', async () => {
    await send('PATCH', '/__mock/settings', { bodyLimitBytes: 1 })
    expect((await send('POST', `${PREFIX}/artefactcategory`, { name: 'Mobile apps' })).status).toBe(400)
    const res = await send('PATCH', '/__mock/settings', { bodyLimitBytes: 1024 * 1024 })
    expect((await res.json()).settings.bodyLimitBytes).toBe(1024 * 1024)
  })

  test('unknown admin paths are 404, wrong methods 405 with Allow', async () => {
    expect((await call('/__mock/nothing')).status).toBe(404)
    const res = await call('/__mock/state', { method: 'DELETE' })
    expect([res.status, res.headers.get('Allow')]).toEqual([405, 'GET'])
  })

  test('a path is an admin path by what it names once `..` is resolved, as it is answered', async () => {
    const port = Number(new URL(current.server.url).port)
    current.control.set({ quota: 5 })
    const raw = (target: string, method = 'GET') =>
      rawRequest(port, `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
    // Not an admin path: `/__mock/../abcdefgreset` names `/abcdefgreset`.
    const outside = await raw('/__mock/../abcdefgreset', 'POST')
    expect(outside.status).toBe(404)
    expect(current.control.settings.quota).toBe(5)
    // An admin path reached through `..` is one, with its guard.
    const state = await raw('/somewhere/../__mock/state')
    expect(state.status).toBe(200)
    expect(JSON.parse(state.body)).toMatchObject({ settings: { quota: 5 } })
  })

  test('the control passed in steers the server', async () => {
    expect(current.server.control).toBe(current.control)
    current.control.set({ maintenance: true })
    expect((await call(`${PREFIX}/artefact/${PUBLISHED}`)).status).toBe(503)
  })
})
