import { setupServer } from 'msw/node'
import { describe, expect, onTestFinished, test } from 'vitest'
import { createControl, DEFAULT_SETTINGS, type MockSettings } from './control.ts'
import { createHandlers } from './handlers/create-handlers.ts'
import { createStore } from './store.ts'
import { ARTEFACT, CATEGORY, expectError, ORIGIN, SEED, startMock, validArtefact } from './testing/support.ts'

describe('quota', () => {
  test('answers 403 once the allowed calls are used', async () => {
    const mock = startMock({ quota: 3 })
    for (let call = 0; call < 3; call += 1) expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    await expectError(await mock.getArtefact(SEED.published), 403)
    await expectError(await mock.post(ARTEFACT, validArtefact()), 403)
    expect(mock.control.getSnapshot().quotaUsed).toBe(5)
  })

  test('counts every call whatever its outcome', async () => {
    const mock = startMock({ quota: 3 })
    await expectError(await mock.getArtefact(SEED.unknown), 404)
    await expectError(await mock.post(CATEGORY, { name: 'Getting started' }), 422)
    expect((await (await mock.post(ARTEFACT, { title: 'x', productDocumentVersion: 1 })).json()).hasErrors).toBe(true)
    await expectError(await mock.getArtefact(SEED.published), 403)
  })

  test('is off by default', async () => {
    const mock = startMock()
    for (let call = 0; call < 25; call += 1) expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  })

  test('allows calls again after the counters are reset', async () => {
    const mock = startMock({ quota: 1 })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    await expectError(await mock.getArtefact(SEED.published), 403)
    mock.control.resetCounters()
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  })

  test('allows calls again when the quota is raised at run time', async () => {
    const mock = startMock({ quota: 0 })
    await expectError(await mock.getArtefact(SEED.published), 403)
    mock.control.set({ quota: 10 })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  })
})

describe('rate limit', () => {
  test('answers 429 with the whole seconds until the window frees', async () => {
    const mock = startMock({ rateLimit: { calls: 2, windowSeconds: 10 } })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    const opened = mock.clock.now
    for (const [after, seconds] of [
      [0, '10'],
      [3_500, '7'],
      [9_000, '1'],
      [9_999, '1'],
    ] as const) {
      mock.clock.now = opened + after
      const response = await mock.getArtefact(SEED.published)
      expect({ after, retryAfter: response.headers.get('Retry-After') }).toStrictEqual({ after, retryAfter: seconds })
      await expectError(response, 429)
    }
  })

  test('frees the window once its seconds have passed', async () => {
    const mock = startMock({ rateLimit: { calls: 1, windowSeconds: 5 } })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    await expectError(await mock.getArtefact(SEED.published), 429)
    mock.advance(5_000)
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    await expectError(await mock.getArtefact(SEED.published), 429)
  })

  test('shows the open window in the snapshot', async () => {
    const mock = startMock({ rateLimit: { calls: 5, windowSeconds: 60 } })
    await mock.getArtefact(SEED.published)
    await mock.getArtefact(SEED.published)
    expect(mock.control.getSnapshot().rateWindow).toStrictEqual({ calls: 2, endsAt: mock.clock.now + 60_000 })
  })

  test('announces the rest of the open window on a forced 429', async () => {
    const mock = startMock({ rateLimit: { calls: 5, windowSeconds: 30 } })
    await mock.getArtefact(SEED.published)
    mock.advance(12_500)
    const response = await mock.getArtefact(SEED.published, { headers: { Prefer: 'code=429' } })
    expect(response.headers.get('Retry-After')).toBe('18')
  })

  test('announces Retry-After 1 on a forced 429 when no limit is set', async () => {
    const mock = startMock()
    const response = await mock.getArtefact(SEED.published, { headers: { Prefer: 'code=429' } })
    expect(response.headers.get('Retry-After')).toBe('1')
  })
})

describe('maintenance', () => {
  test('answers 503 while on and answers again once off', async () => {
    const mock = startMock()
    mock.control.set({ maintenance: true })
    await expectError(await mock.getArtefact(SEED.published), 503)
    await expectError(await mock.post(CATEGORY, { name: 'Later' }), 503)
    mock.control.set({ maintenance: false })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    expect(mock.contents().categories).not.toContain(7)
  })
})

describe('latency', () => {
  const elapsed = async (send: () => Promise<Response>) => {
    const started = performance.now()
    const response = await send()
    return { ms: performance.now() - started, status: response.status }
  }

  test('delays every answer by a fixed latency', async () => {
    const mock = startMock({ latency: { mode: 'fixed', ms: 120 } })
    for (const send of [() => mock.getArtefact(SEED.published), () => mock.api('/v3/preview-upcoming/nothing')]) {
      const { ms } = await elapsed(send)
      expect(ms).toBeGreaterThanOrEqual(119)
    }
  })

  test('delays an answer by at least the minimum of a range', async () => {
    const mock = startMock({ latency: { mode: 'range', minMs: 60, maxMs: 90 } })
    expect((await elapsed(() => mock.getArtefact(SEED.published))).ms).toBeGreaterThanOrEqual(59)
  })
})

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

describe('set', () => {
  test.each<[string, Partial<MockSettings>]>([
    ['a negative quota', { quota: -1 }],
    ['a fractional quota', { quota: 1.5 }],
    ['a rate limit of 0 calls', { rateLimit: { calls: 0, windowSeconds: 10 } }],
    ['a rate window of 0 seconds', { rateLimit: { calls: 1, windowSeconds: 0 } }],
    ['a negative fixed latency', { latency: { mode: 'fixed', ms: -1 } }],
    ['a fixed latency over a minute', { latency: { mode: 'fixed', ms: 60_001 } }],
    ['a range whose min exceeds its max', { latency: { mode: 'range', minMs: 100, maxMs: 10 } }],
    ['a negative Retry-After', { retryAfterSeconds: -1 }],
    ['a Retry-After over a day', { retryAfterSeconds: 86_401 }],
    ['a body limit of 0', { bodyLimitBytes: 0 }],
    ['maintenance as a string', { maintenance: 'yes' as unknown as boolean }],
  ])('refuses %s and changes nothing', async (_case, patch) => {
    const mock = startMock({ quota: 5 })
    const before = mock.control.getSnapshot()
    expect(() => mock.control.set({ maintenance: true, ...patch })).toThrow()
    expect(mock.control.getSnapshot()).toBe(before)
    expect(mock.control.settings).toStrictEqual({ ...DEFAULT_SETTINGS, quota: 5 })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  })

  test('refuses out-of-range settings when the control is created', () => {
    expect(() => createControl({ quota: -5 })).toThrow()
    expect(() => createControl({ rateLimit: { calls: 1, windowSeconds: 86_401 } })).toThrow()
  })

  test('applies settings given to createHandlers to the given control', async () => {
    const control = createControl({ store: createStore() })
    const server = setupServer(...createHandlers({ control, maintenance: true, retryAfterSeconds: 5 }))
    server.listen({ onUnhandledFrame: 'error' })
    onTestFinished(() => server.close())
    const response = await fetch(`${ORIGIN}${ARTEFACT}/${SEED.published}`)
    expect(response.headers.get('Retry-After')).toBe('5')
    await expectError(response, 503)
  })
})
