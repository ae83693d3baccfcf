import { describe, expect, test } from 'vitest'
import { createControl } from '../control/control.ts'
import { BUILT_IN_SCENARIOS, UnknownScenario } from '../control/scenarios.ts'
import { OPERATION_NAMES } from '../operations/registry.ts'
import {
  ARTEFACT,
  CATEGORY,
  expectError,
  PUBLISHED_ARTEFACT,
  SEED,
  startMock,
  validArtefact,
} from '../testing/support.ts'
import { createHandlers } from './create-handlers.ts'
import { defineScenario } from './define-scenario.ts'

const inDataSetCategory = validArtefact({ category: { id: 2 } })

describe('a scenario chosen in code', () => {
  test('createHandlers({ scenario: "empty" }) answers from no artefacts and no categories', async () => {
    const mock = startMock({ scenario: 'empty' })
    const read = await mock.getArtefact(SEED.published)
    await expectError(read, 404)
    expect(read.headers.get('X-Mock-Scenario')).toBe('empty')
    const create = await mock.post(ARTEFACT, inDataSetCategory)
    expect(await create.json()).toMatchObject({ hasErrors: true })
    expect(mock.contents()).toEqual({ artefacts: [], categories: [] })
  })

  test('an unknown id throws at once, naming the known ids; nothing falls back to default', () => {
    expect(() => createHandlers({ scenario: 'emtpy' })).toThrow(UnknownScenario)
    expect(() => createHandlers({ scenario: 'emtpy' })).toThrow(/known: default, empty, many/)
  })

  test('useScenario replaces the whole state, tells listeners, and reset() returns to it', async () => {
    const mock = startMock()
    const created = (await (await mock.post(ARTEFACT, validArtefact())).json()) as { responseId: string }
    const seen: string[] = []
    mock.control.subscribe(() => seen.push(mock.control.getSnapshot().scenario))
    await mock.control.useScenario('drafts')
    expect(seen.at(-1)).toBe('drafts')
    await expectError(await mock.getArtefact(created.responseId), 404)
    const published = await mock.getArtefact(SEED.published)
    expect(published.headers.get('X-Artefact-Status')).toBe('draft')
    const again = (await (await mock.post(ARTEFACT, validArtefact())).json()) as { responseId: string }
    await mock.control.reset()
    await expectError(await mock.getArtefact(again.responseId), 404)
    expect((await mock.getArtefact(SEED.published)).headers.get('X-Artefact-Status')).toBe('draft')
    expect(mock.control.getSnapshot().scenario).toBe('drafts')
  })

  test("adoptScenario takes another tab's switch: settings, counters and the data set as the seed", async () => {
    const mock = startMock({ quota: 1 })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    mock.control.adoptScenario('drafts')
    expect(mock.control.getSnapshot()).toMatchObject({ scenario: 'drafts', quotaUsed: 0 })
    expect((await mock.getArtefact(SEED.published)).headers.get('X-Artefact-Status')).toBe('draft')
    mock.control.adoptScenario('maintenance')
    await expectError(await mock.getArtefact(SEED.published), 503)
    mock.control.adoptScenario('default')
    expect((await mock.getArtefact(SEED.published)).headers.get('X-Artefact-Status')).toBe('published')
    expect(() => mock.control.adoptScenario('emtpy')).toThrow(UnknownScenario)
    expect(mock.control.getSnapshot().scenario).toBe('default')
  })

  test('useScenario with an unknown id rejects and changes nothing', async () => {
    const mock = startMock({ quota: 5 })
    await expect(mock.control.useScenario('nope')).rejects.toThrow(/known: default/)
    expect(mock.control.getSnapshot()).toMatchObject({ scenario: 'default', settings: { quota: 5 } })
  })
})

describe('the built-in scenarios on all three operations', () => {
  const calls = (mock: ReturnType<typeof startMock>) => [
    mock.post(ARTEFACT, validArtefact()),
    mock.post(CATEGORY, { name: `A category ${Math.random()}` }),
    mock.getArtefact(SEED.published),
  ]

  test('maintenance: every call is 503 with Retry-After, and stores nothing', async () => {
    const mock = startMock({ scenario: 'maintenance' })
    const before = mock.contents()
    for (const response of await Promise.all(calls(mock))) {
      expect(response.headers.get('Retry-After')).toBe('30')
      expect(response.headers.get('X-Mock-Scenario')).toBe('maintenance')
      await expectError(response, 503)
    }
    expect(mock.contents()).toEqual(before)
  })

  test('quota-exhausted: every call is 403', async () => {
    const mock = startMock({ scenario: 'quota-exhausted' })
    for (const response of await Promise.all(calls(mock))) await expectError(response, 403)
  })

  test('rate-limited: the second call in a window is 429 with Retry-After; advancing the clock ends the window', async () => {
    const mock = startMock({ scenario: 'rate-limited' })
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    const limited = await mock.post(ARTEFACT, validArtefact())
    expect(limited.headers.get('Retry-After')).toBe('60')
    await expectError(limited, 429)
    mock.control.clock.advance(60_000)
    expect((await mock.post(CATEGORY, { name: 'After the window' })).status).toBe(201)
  })

  test('many: the data set plus 5,000 generated artefacts, each readable by its fixed id', async () => {
    const mock = startMock({ scenario: 'many' })
    expect(mock.contents().artefacts).toHaveLength(14 + 5000)
    const generated = await mock.getArtefact('0a1e5000-0000-4000-8000-000000001388')
    expect(await generated.json()).toMatchObject({ title: 'Generated artefact #5000' })
  })

  test('flaky: a seeded fifth of calls is 503, the same calls in every fresh mock', async () => {
    const run = async () => {
      const mock = startMock({ scenario: 'flaky' })
      const statuses: number[] = []
      for (let i = 0; i < 60; i += 1) statuses.push((await mock.getArtefact(SEED.published)).status)
      mock.close()
      return statuses
    }
    const first = await run()
    expect(await run()).toEqual(first)
    expect(first.filter((status) => status === 503).length).toBeGreaterThan(3)
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(30)
  })

  test('every built-in scenario labels every answer with its id', async () => {
    for (const { id } of BUILT_IN_SCENARIOS.filter((s) => s.id !== 'slow-network')) {
      const mock = startMock({ scenario: id })
      for (const response of await Promise.all([...calls(mock), mock.api(`${ARTEFACT}s`)]))
        expect(response.headers.get('X-Mock-Scenario')).toBe(id)
      mock.close()
    }
  })
})

describe('X-Mock-Scenario on one request', () => {
  test('answers that request from the scenario without changing the scope', async () => {
    const mock = startMock()
    const down = await mock.getArtefact(SEED.published, { headers: { 'X-Mock-Scenario': 'maintenance' } })
    expect(down.headers.get('X-Mock-Scenario')).toBe('maintenance')
    await expectError(down, 503)
    const up = await mock.getArtefact(SEED.published)
    expect([up.status, up.headers.get('X-Mock-Scenario')]).toEqual([200, 'default'])
    expect(mock.control.getSnapshot().scenario).toBe('default')
  })

  test('an unknown id is 400 with the known ids in X-Mock-Reason', async () => {
    const mock = startMock()
    const response = await mock.api(PUBLISHED_ARTEFACT, { headers: { 'X-Mock-Scenario': 'Maintenance' } })
    expect(response.headers.get('X-Mock-Reason')).toMatch(/"Maintenance".*known: default, empty, many, drafts/)
    await expectError(response, 400)
  })
})

describe('scenarios of your own', () => {
  test('a sequence answers a 503 first and the mock after: a retry can be tested', async () => {
    const retryOnce = defineScenario({
      id: 'retry-once',
      title: 'Retry once',
      description: 'The first read is 503.',
      overrides: { getArtefact: [{ status: 503, reason: 'first read fails' }, 'mock'] },
    })
    const mock = startMock({ scenarios: [retryOnce], scenario: 'retry-once' })
    const first = await mock.getArtefact(SEED.published)
    expect(first.headers.get('X-Mock-Reason')).toBe('first read fails')
    await expectError(first, 503)
    expect((await mock.getArtefact(SEED.published)).status).toBe(200)
    await mock.control.reset()
    expect((await mock.getArtefact(SEED.published)).status).toBe(503)
  })

  test('a data set made from the static one, and settings on top', async () => {
    const oneArtefact = defineScenario({
      id: 'one-artefact',
      title: 'One artefact',
      description: 'Only the first artefact of the data set, and a quota of 2.',
      data: (base) => ({ ...base, artefacts: base.artefacts.slice(0, 1) }),
      settings: { quota: 2 },
    })
    const control = createControl({ scenarios: [oneArtefact] })
    await control.useScenario('one-artefact')
    expect(control.store.getSnapshot().artefacts).toHaveLength(1)
    expect(control.settings.quota).toBe(2)
    expect(control.scenarios.map((s) => s.id)).toContain('one-artefact')
  })

  test('an override key that names no operation is a type error', () => {
    defineScenario({
      id: 'typo',
      title: 'Typo',
      description: 'Names an operation that does not exist.',
      // @ts-expect-error getArtefacts is not an operation name
      overrides: { getArtefacts: { status: 503 } },
    })
    expect(OPERATION_NAMES).not.toContain('getArtefacts')
  })
})
