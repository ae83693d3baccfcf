import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createControl } from '../control/control.ts'
import { seedCategories } from '../data/categories.ts'
import { createHandlers } from './create-handlers.ts'
import { CreateArtefactResponse, CreateCategoryResponse } from '../schemas/resources.ts'
import { createStore } from '../store/store.ts'
import { validArtefactBody } from '../testing/artefact-bodies.ts'
import { caseVariant, padded } from '../testing/body-text.ts'
import { seedIds } from '../testing/request-paths.ts'
import { BASE } from '../testing/support.ts'
import { fold } from '../testing/oracle.ts'

const RUNS = 300

const control = createControl({ store: createStore() })
const server = setupServer(...createHandlers({ control }))
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

const post = (path: string, body: unknown) =>
  fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
const fresh = async () => {
  await control.reset()
  control.set({ quota: null, rateLimit: null, maintenance: false })
}

test('concurrent creates of names equal up to case and padding give one 201 per name, with consecutive ids', async () => {
  const names = fc
    .array(fc.oneof(fc.constantFrom('alpha', 'beta', 'Gamma'), fc.constantFrom(...seedCategories.map((c) => c.name))), {
      minLength: 1,
      maxLength: 8,
    })
    .chain((bases) => fc.tuple(...bases.map((base) => padded(caseVariant(base)))))
  await fc.assert(
    fc.asyncProperty(names, async (batch) => {
      await fresh()
      const responses = await Promise.all(batch.map((name) => post('/artefactcategory', { name })))
      const created = await Promise.all(
        responses.filter((r) => r.status === 201).map(async (r) => CreateCategoryResponse.parse(await r.json())),
      )
      const newNames = new Set(batch.map(fold).filter((name) => !seedCategories.some((c) => fold(c.name) === name)))
      expect(responses.every((r) => r.status === 201 || r.status === 422)).toBe(true)
      expect(created.map((c) => fold(c.categoryName)).sort()).toEqual([...newNames].sort())
      expect(created.map((c) => c.categoryId).sort((a, b) => a - b)).toEqual([...newNames].map((_, i) => 7 + i))
      expect(control.store.getSnapshot().categories).toHaveLength(seedCategories.length + newNames.size)
    }),
    { seed: 3_401, numRuns: RUNS },
  )
})

test('concurrent requests use up the quota and the rate limit exactly', async () => {
  const batch = fc.record({
    limit: fc.constantFrom('quota', 'rate'),
    allowed: fc.integer({ min: 1, max: 5 }),
    bodies: fc.array(validArtefactBody, { minLength: 1, maxLength: 8 }),
  })
  await fc.assert(
    fc.asyncProperty(batch, async ({ limit, allowed, bodies }) => {
      await fresh()
      control.set(limit === 'quota' ? { quota: allowed } : { rateLimit: { calls: allowed, windowSeconds: 3600 } })
      const responses = await Promise.all(bodies.map((body) => post('/artefact', body)))
      const refused = limit === 'quota' ? 403 : 429
      const passed = responses.filter((r) => r.status === 200)
      expect(passed).toHaveLength(Math.min(allowed, bodies.length))
      expect(responses.filter((r) => r.status === refused)).toHaveLength(Math.max(0, bodies.length - allowed))
      const ids = await Promise.all(passed.map(async (r) => CreateArtefactResponse.parse(await r.json()).responseId))
      expect(new Set(ids).size).toBe(ids.length)
      expect(control.store.getSnapshot().artefacts).toHaveLength(seedIds.length + ids.length)
      expect(control.getSnapshot().quotaUsed).toBe(bodies.length)
    }),
    { seed: 3_402, numRuns: RUNS },
  )
})
