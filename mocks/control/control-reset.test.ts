import { describe, expect, test } from 'vitest'
import { DEFAULT_SETTINGS } from './control.ts'
import { ARTEFACT, CATEGORY, expectError, SEED, startMock, validArtefact } from '../testing/support.ts'

// The control's one-shot and reset paths: forceNext, reset, resetData, a quota set at run time.

describe('forceNext', () => {
  test('answers the next request with the forced status, then goes back to normal', async () => {
    const mock = startMock()
    mock.control.forceNext(503)
    const response = await mock.getArtefact(SEED.published)
    expect(response.headers.get('Retry-After')).toBe('30')
    await expectError(response, 503)
    expect(mock.control.getSnapshot().forcedNext).toBeNull()
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  })

  test('sends Allow with a forced 405', async () => {
    const mock = startMock()
    mock.control.forceNext(405)
    const response = await mock.post(CATEGORY, { name: 'Forced' })
    expect(response.headers.get('Allow')).toContain('POST')
    await expectError(response, 405)
    expect(mock.contents().categories).not.toContain(7)
  })

  test('does not count the forced request against the quota', async () => {
    const mock = startMock({ quota: 1 })
    mock.control.forceNext(400)
    await expectError(await mock.getArtefact(SEED.published), 400)
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  })

  test('is cleared by forceNext(null)', async () => {
    const mock = startMock()
    mock.control.forceNext(404)
    mock.control.forceNext(null)
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  })

  test('waits past a request that the path or method already answered', async () => {
    const mock = startMock()
    mock.control.forceNext(422)
    await expectError(await mock.api('/v3/preview-upcoming/nothing'), 404)
    await expectError(await mock.getArtefact(SEED.published), 422)
  })

  test.each([200, 201, 500, 418])('refuses %i and keeps what was forced', async (status) => {
    const mock = startMock()
    mock.control.forceNext(406)
    expect(() => mock.control.forceNext(status)).toThrow(RangeError)
    await expectError(await mock.getArtefact(SEED.published), 406)
  })
})

describe('reset', () => {
  test('restores the data set and clears counters and the forced status', async () => {
    const mock = startMock({ quota: 4, rateLimit: { calls: 10, windowSeconds: 60 } })
    const seeded = mock.contents()
    const { responseId } = await (await mock.post(ARTEFACT, validArtefact())).json()
    expect((await (await mock.post(CATEGORY, { name: 'Temporary' })).json()).categoryId).toBe(7)
    mock.control.forceNext(429)
    await mock.control.reset()
    expect(mock.contents()).toStrictEqual(seeded)
    expect(mock.control.getSnapshot()).toMatchObject({ quotaUsed: 0, rateWindow: null, forcedNext: null })
    await expectError(await mock.getArtefact(responseId), 404)
    expect((await (await mock.post(CATEGORY, { name: 'Temporary' })).json()).categoryId).toBe(7)
  })

  test('puts back the settings the control was created with', async () => {
    const mock = startMock({ quota: 1 })
    mock.control.set({ maintenance: true, quota: 50, latency: { mode: 'fixed', ms: 5 }, retryAfterSeconds: 9 })
    await mock.control.reset()
    expect(mock.control.settings).toStrictEqual({ ...DEFAULT_SETTINGS, quota: 1 })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    await expectError(await mock.getArtefact(SEED.published), 403)
  })

  test('puts the clock back where it was at creation, so a rate-limit window behaves as after creation', async () => {
    const mock = startMock({ rateLimit: { calls: 1, windowSeconds: 60 } })
    const created = mock.control.clock.now()
    mock.control.clock.advance(90_000)
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    await mock.control.reset()
    expect(mock.control.clock.now()).toBe(created)
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    const limited = await mock.getArtefact(SEED.published)
    expect(limited.headers.get('Retry-After')).toBe('60')
    await expectError(limited, 429)
    expect(mock.control.getSnapshot().rateWindow).toEqual({ calls: 2, endsAt: created + 60_000 })
  })

  test('lets the next test of a suite start from a mock that answers normally', async () => {
    const mock = startMock()
    mock.control.set({ maintenance: true })
    await expectError(await mock.getArtefact(SEED.published), 503)
    await mock.control.reset()
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  })
})

describe('resetData', () => {
  test('restores the data set and clears counters and the forced status but keeps the settings', async () => {
    const mock = startMock({ quota: 4 })
    const seeded = mock.contents()
    await mock.post(CATEGORY, { name: 'Temporary' })
    mock.control.set({ maintenance: true })
    mock.control.forceNext(429)
    await mock.control.resetData()
    expect(mock.contents()).toStrictEqual(seeded)
    expect(mock.control.getSnapshot()).toMatchObject({ quotaUsed: 0, forcedNext: null })
    expect(mock.control.settings).toMatchObject({ maintenance: true, quota: 4 })
  })

  test('keeps the clock where it was moved', async () => {
    const mock = startMock()
    const created = mock.control.clock.now()
    mock.control.clock.advance(5_000)
    await mock.control.resetData()
    expect(mock.control.clock.now()).toBe(created + 5_000)
  })
})

describe('quota set at run time', () => {
  test('counts from the moment it is set', async () => {
    const mock = startMock()
    for (let call = 0; call < 5; call += 1) expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    mock.control.set({ quota: 2 })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    await expectError(await mock.getArtefact(SEED.published), 403)
  })

  test('keeps counting when another setting changes', async () => {
    const mock = startMock({ quota: 2 })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    mock.control.set({ latency: { mode: 'off' } })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    await expectError(await mock.getArtefact(SEED.published), 403)
  })
})
