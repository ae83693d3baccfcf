import { setupServer } from 'msw/node'
import { describe, expect, onTestFinished, test } from 'vitest'
import { createControl, DEFAULT_SETTINGS, SettingsError } from './control.ts'
import { MockSettings } from './settings.ts'
import { createHandlers } from '../handlers/create-handlers.ts'
import { createStore } from '../store/store.ts'
import { ARTEFACT, CATEGORY, expectError, ORIGIN, SEED, startMock, validArtefact } from '../testing/support.ts'

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

  test('starts from the defaults as the schema reads them, on a copy of its own', () => {
    const control = createControl()
    expect(control.settings).toStrictEqual(MockSettings.parse(DEFAULT_SETTINGS))
    expect(control.settings).not.toBe(DEFAULT_SETTINGS)
    expect(control.settings.latency).not.toBe(DEFAULT_SETTINGS.latency)
    control.set({ latency: { mode: 'fixed', ms: 5 } })
    expect(DEFAULT_SETTINGS.latency).toStrictEqual({ mode: 'off' })
  })

  test('a refusal is a SettingsError naming each wrong field and what it must be', () => {
    const refused = () => createControl().set({ quota: -1, latency: { mode: 'range', minMs: 9, maxMs: 3 } })
    expect(refused).toThrow(SettingsError)
    expect(refused).toThrow(
      '[artefact-mock] settings refused: quota: must be an integer of at least 0; latency: minMs must not exceed maxMs',
    )
    expect(() => createControl().set({ latency: { mode: 'fixed', ms: 60_001 } })).toThrow(
      'latency.ms: must be an integer from 0 to 60000',
    )
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
