import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createControl } from '../mocks/index.ts'
import { ARTEFACT, PUBLISHED_ARTEFACT, SEED } from '../mocks/testing/support.ts'
import { startHttpServer } from './http-server.ts'

// Scopes against a model (contract §12): random switch / create / reset / request sequences in
// 2-4 scopes, and 4 workers at once. No scope sees another's data; error answers store nothing.

const SCENARIOS = ['default', 'empty', 'drafts', 'maintenance', 'quota-exhausted', 'flaky'] as const
type ScenarioId = (typeof SCENARIOS)[number]

/** What every call answers in a scenario that refuses calls; `flaky` may also answer as the mock. */
const REFUSES: Partial<Record<ScenarioId, number>> = { maintenance: 503, 'quota-exhausted': 403 }

/** Requests to one server, each in a scope. */
function clientOf(url: string) {
  const call = (scope: string, path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, { ...init, headers: { 'X-Mock-Scope': scope, 'Content-Type': 'application/json' } })
  return {
    read: async (scope: string, id: string) => (await call(scope, `${ARTEFACT}/${id}`)).status,
    create: async (scope: string, title: string) => {
      const res = await call(scope, ARTEFACT, { method: 'POST', body: JSON.stringify({ title }) })
      const body = (await res.json()) as { responseId?: string; hasErrors?: boolean }
      return { status: res.status, id: res.status === 200 && !body.hasErrors ? body.responseId : undefined }
    },
    use: async (scope: string, id: string) =>
      (await call(scope, '/__mock/scenario', { method: 'PUT', body: JSON.stringify({ id }) })).status,
    reset: async (scope: string) => (await call(scope, '/__mock/reset', { method: 'POST' })).status,
    records: async (scope: string) =>
      ((await (await call(scope, '/__mock/state')).json()) as { store: { records: number } }).store.records,
  }
}

type Action =
  | { kind: 'switch'; scope: number; scenario: ScenarioId | 'no-such-scenario' }
  | { kind: 'create'; scope: number }
  | { kind: 'reset'; scope: number }
  | { kind: 'request'; scope: number; from: number; pick: number }
  | { kind: 'seed'; scope: number }

const actionOf = (scopes: number): fc.Arbitrary<Action> => {
  const scope = fc.nat({ max: scopes - 1 })
  return fc.oneof(
    fc.record({
      kind: fc.constant('switch' as const),
      scope,
      scenario: fc.constantFrom(...SCENARIOS, 'no-such-scenario' as const),
    }),
    fc.record({ kind: fc.constant('create' as const), scope }),
    fc.record({ kind: fc.constant('create' as const), scope }),
    fc.record({ kind: fc.constant('reset' as const), scope }),
    fc.record({ kind: fc.constant('request' as const), scope, from: scope, pick: fc.nat() }),
    fc.record({ kind: fc.constant('seed' as const), scope }),
  )
}

const run = fc
  .integer({ min: 2, max: 4 })
  .chain((scopes) => fc.tuple(fc.constant(scopes), fc.array(actionOf(scopes), { minLength: 1, maxLength: 30 })))

/** The status a read gets in `scenario` when the mock itself would answer `mock`. */
const allowed = (scenario: ScenarioId, mock: number) =>
  REFUSES[scenario] !== undefined ? [REFUSES[scenario]] : scenario === 'flaky' ? [mock, 503] : [mock]

describe('scopes against a model', () => {
  test('random switch / create / reset / request in 2-4 scopes: each sees its own data only', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(run, async ([count, actions]) => {
        const server = await startHttpServer({ port: 0, control: createControl() })
        try {
          const client = clientOf(server.url)
          const names = Array.from({ length: count }, (_, i) => `scope-${i}`)
          const model = names.map(() => ({ scenario: 'default' as ScenarioId, created: [] as string[] }))
          const everCreated: Array<{ id: string; scope: number }> = []
          for (const action of actions) {
            const name = names[action.scope] as string
            const scope = model[action.scope] as (typeof model)[number]
            if (action.kind === 'switch') {
              const status = await client.use(name, action.scenario)
              if (action.scenario === 'no-such-scenario') expect(status).toBe(400)
              else {
                expect(status).toBe(200)
                scope.scenario = action.scenario
                scope.created = []
              }
            } else if (action.kind === 'reset') {
              expect(await client.reset(name)).toBe(200)
              scope.created = []
            } else if (action.kind === 'create') {
              const before = await client.records(name)
              const { status, id } = await client.create(name, `Made in ${name}`)
              expect(allowed(scope.scenario, 200)).toContain(status)
              // An error answer, of the scenario or the mock, stores nothing.
              expect(await client.records(name)).toBe(before + (id ? 1 : 0))
              if (id) {
                scope.created.push(id)
                everCreated.push({ id, scope: action.scope })
              }
            } else if (action.kind === 'seed') {
              const mock = scope.scenario === 'empty' ? 404 : 200
              expect(allowed(scope.scenario, mock)).toContain(await client.read(name, SEED.published))
            } else {
              const candidates = everCreated.filter((entry) => entry.scope === action.from)
              const target = candidates[action.pick % Math.max(1, candidates.length)]
              if (!target) continue
              const mock = scope.created.includes(target.id) ? 200 : 404
              expect(allowed(scope.scenario, mock)).toContain(await client.read(name, target.id))
            }
          }
          // No scope sees what another made: read each id in every readable scope but its maker's.
          for (const [index, name] of names.entries()) {
            const scope = model[index] as (typeof model)[number]
            if (scope.scenario !== 'default' && scope.scenario !== 'empty' && scope.scenario !== 'drafts') continue
            for (const { id } of everCreated)
              expect(await client.read(name, id)).toBe(scope.created.includes(id) ? 200 : 404)
          }
        } finally {
          await server.close()
        }
      }),
      { numRuns: 25 },
    )
  })

  test('4 workers at once, each in its own scope, create, switch and reset and see only their own data', async () => {
    const server = await startHttpServer({ port: 0, control: createControl() })
    const client = clientOf(server.url)
    const latest = new Map<string, string[]>()
    const seen: string[] = []
    const worker = async (name: string) => {
      for (let round = 0; round < 8; round += 1) {
        const mine: string[] = []
        for (let i = 0; i < 3; i += 1) {
          const { status, id } = await client.create(name, `${name} round ${round}`)
          expect(status).toBe(200)
          mine.push(id as string)
        }
        latest.set(name, mine)
        for (const id of mine) expect(await client.read(name, id)).toBe(200)
        for (const [other, ids] of latest)
          if (other !== name)
            for (const id of ids) if ((await client.read(name, id)) !== 404) seen.push(`${name} saw ${other}'s ${id}`)
        expect(await client.use(name, round % 2 === 0 ? 'empty' : 'drafts')).toBe(200)
        expect(await client.read(name, SEED.published)).toBe(round % 2 === 0 ? 404 : 200)
        for (const id of mine) expect(await client.read(name, id)).toBe(404)
        const { id: inScenario } = await client.create(name, `${name} in a scenario`)
        expect(await client.reset(name)).toBe(200)
        expect(await client.read(name, inScenario as string)).toBe(404)
        expect(await client.use(name, 'default')).toBe(200)
      }
    }
    try {
      await Promise.all(['w0', 'w1', 'w2', 'w3'].map(worker))
      expect(seen).toEqual([])
      // The shared scope saw none of it.
      for (const ids of latest.values())
        for (const id of ids) expect((await fetch(`${server.url}${ARTEFACT}/${id}`)).status).toBe(404)
      expect((await fetch(`${server.url}${PUBLISHED_ARTEFACT}`)).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
