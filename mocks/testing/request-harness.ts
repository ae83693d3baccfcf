/**
 * The harness of the random-request property tests: starts one mock per test file, sends a
 * generated {@link Case}, and checks every invariant of the answer against the oracle (status,
 * Error body, headers, what the store and the quota counter did). Test support only.
 */
import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect } from 'vitest'
import { createControl, type MockControl } from '../control/control.ts'
import { seedArtefacts } from '../data/artefacts.ts'
import { contextFor, handlersFor } from '../handlers/create-handlers.ts'
import { Artefact, CreateArtefactResponse, CreateCategoryResponse, ErrorBody } from '../schemas/resources.ts'
import { createStore } from '../store/store.ts'
import type { Body } from './body-text.ts'
import type { Bytes } from './body-bytes.ts'
import { type Conditions, NO_LIMITS } from './conditions.ts'
import {
  errorBodyOf,
  expected,
  fold,
  outcomeOf,
  PREFIX,
  SPEC_ERRORS,
  type Sent,
  type SpecOperation,
  seedWorld,
  type Verdict,
  type World,
} from './oracle.ts'
import type { HeaderChoice } from './request-headers.ts'
import { ORIGIN, UUID_V4 } from './support.ts'
import { TAUGHT_OPERATIONS } from './taught-operations.ts'

// The generators aim at the registry's method and path; the oracle restates the rules on its own.
export interface Case {
  op: SpecOperation
  conditions: Conditions
  method: string
  /** After the prefix; `{created}` / `{CREATED}` name the artefact made in set-up. */
  path: string
  query: string
  accept: HeaderChoice
  contentType: HeaderChoice
  prefer: { value: string; forced: number | null } | undefined
  /** `verdict` is what the generator built the body to deserve; without one the oracle reads the bytes. */
  body: { bytes: Bytes; verdict?: Verdict } | undefined
  setup: { artefact?: { body: Body; draft: boolean }; category?: string }
}

const look = (control: MockControl) => ({
  artefacts: control.store
    .getSnapshot()
    .artefacts.map((record) => record.summary.id)
    .sort(),
  categories: control.store
    .getSnapshot()
    .categories.map((category) => category.id)
    .sort((a, b) => a - b),
  quotaUsed: control.getSnapshot().quotaUsed,
  proto: Object.getOwnPropertyNames(Object.prototype).join(),
})

const settingsOf = ({ preCalls: _, ...settings }: Conditions) => ({
  ...settings,
  latency: { mode: 'off' as const },
})
const post = (path: string, body: unknown) =>
  fetch(`${ORIGIN}${PREFIX}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

async function prepare(control: MockControl, c: Case): Promise<{ world: World; created: string }> {
  await control.reset()
  control.set(settingsOf(NO_LIMITS))
  const world = seedWorld()
  let created = ''
  if (c.setup.artefact) {
    const { body, draft } = c.setup.artefact
    const answer = CreateArtefactResponse.parse(await (await post(`/resources/artefact?isDraft=${draft}`, body)).json())
    expect(answer.hasErrors, 'set-up create').toBe(false)
    created = answer.responseId
    world.known.add(created)
    world.drafts.set(created, draft)
  }
  if (c.setup.category) {
    expect((await post('/resources/artefactcategory', { name: c.setup.category })).status, 'set-up category').toBe(201)
    world.taken.add(fold(c.setup.category))
  }
  control.set(settingsOf(c.conditions))
  control.resetCounters()
  for (let i = 0; i < c.conditions.preCalls; i++) control.countCall()
  return { world, created }
}

async function send(c: Case, created: string) {
  const path = c.path.replace('{created}', created).replace('{CREATED}', created.toUpperCase())
  const url = new URL(`${ORIGIN}${PREFIX}${path}${c.query}`)
  const headers = new Headers()
  if (c.accept.value !== undefined) headers.set('Accept', c.accept.value)
  if (c.contentType.value !== undefined) headers.set('Content-Type', c.contentType.value)
  if (c.prefer) headers.set('Prefer', c.prefer.value)
  const body = c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD' ? c.body.bytes : undefined
  const response = await fetch(url, { method: c.method, headers, ...(body && { body }) })
  const sent: Sent = { method: c.method, url, headers, body }
  return { sent, response, text: await response.text() }
}

/** Runs one case and checks every invariant; returns the coverage keys it reached. */
async function runCase(control: MockControl, c: Case): Promise<string[]> {
  const { world, created } = await prepare(control, c)
  const before = look(control)
  const { sent, response, text } = await send(c, created)
  const { url } = sent
  const after = look(control)
  const want = expected(sent, c.conditions, world, c.body && c.op === 'createArtefact' ? c.body.verdict : undefined)
  const status = response.status
  const reason = response.headers.get('X-Mock-Reason')
  const where = `${c.method} ${url.href} -> ${status} (${reason ?? 'no reason'}) ${text.slice(0, 300)}`
  const json: unknown = text === '' ? undefined : JSON.parse(text)
  const answer = want.route?.op === 'createArtefact' && status === 200 ? CreateArtefactResponse.parse(json) : undefined
  const key = outcomeOf(want.route, status, json)

  expect(want.keys, `${where}; expected ${want.keys.join(' | ')} by ${want.tag}`).toContain(key)
  expect(after.quotaUsed - before.quotaUsed, `${where}: calls counted`).toBe(want.counted ? 1 : 0)
  expect(after.proto, 'Object.prototype keeps its own keys').toBe(before.proto)
  if (status !== 204) expect(response.headers.get('Content-Type'), where).toMatch(/^application\/json\b/)
  const storeChanged = key === '200 ok' || key === '201'
  if (!storeChanged)
    expect({ artefacts: after.artefacts, categories: after.categories }, `${where}: store`).toEqual({
      artefacts: before.artefacts,
      categories: before.categories,
    })

  if (status in SPEC_ERRORS) {
    if (c.method !== 'HEAD') expect(ErrorBody.parse(json), where).toEqual(errorBodyOf(status))
    expect(reason, where).toMatch(/\S/)
  }
  if (status === 405 || status === 204) {
    const allow = (response.headers.get('Allow') ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m !== 'OPTIONS')
    expect(allow, `${where}: Allow`).toEqual(want.route ? [want.route.method] : [expect.any(String)])
    if (status === 204) expect(text, where).toBe('')
  }
  if (status === 429 || status === 503) expect(response.headers.get('Retry-After'), where).toMatch(/^\d+$/)
  if (want.tag === 'maintenance')
    expect(response.headers.get('Retry-After'), where).toBe(String(c.conditions.retryAfterSeconds))
  if (want.tag === 'rate') {
    const seconds = Number(response.headers.get('Retry-After'))
    expect(seconds >= 1 && seconds <= c.conditions.rateLimit!.windowSeconds, `${where}: Retry-After ${seconds}`).toBe(
      true,
    )
  }
  if (answer?.hasErrors) {
    expect(answer.errors.length, where).toBeGreaterThan(0)
    expect(control.store.getArtefact(answer.responseId), `${where}: responseId names no artefact`).toBeUndefined()
    if (want.path) {
      expect(answer.errors, `${where}: one sentence for the one offending item`).toHaveLength(1)
      expect(answer.errors[0], where).toContain(want.path)
    }
  }
  if (answer && !answer.hasErrors) {
    expect(answer, where).toEqual({ responseId: expect.stringMatching(UUID_V4), hasErrors: false, errors: [] })
    expect(after.artefacts, `${where}: exactly the new artefact is stored`).toEqual(
      [...before.artefacts, answer.responseId].sort(),
    )
    expect(control.store.getArtefact(answer.responseId)?.isDraft, where).toBe(
      url.searchParams.get('isDraft') === 'true',
    )
  }
  if (key === '201') {
    const category = CreateCategoryResponse.parse(json)
    const next = Math.max(...before.categories) + 1
    expect(category, where).toEqual({ categoryId: next, categoryName: want.name })
    expect(after.categories, where).toEqual([...before.categories, next])
  }
  if (want.route?.op === 'getArtefact' && status === 200) {
    const artefact = Artefact.parse(json)
    const id = want.route.id!.toLowerCase()
    expect(artefact.id, where).toBe(id)
    expect(artefact.links, where).toContainEqual({
      href: `${ORIGIN}${PREFIX}/resources/artefact/${id}`,
      rel: 'self',
      type: 'GET',
    })
    expect(response.headers.get('X-Artefact-Status'), where).toBe(world.drafts.get(id) ? 'draft' : 'published')
    const seed = seedArtefacts.find((a) => a.id === id)
    if (seed) expect(artefact.title, where).toBe(seed.request.title.trim())
  }
  return [key, `${key}:${want.tag}`]
}

/** Random requests per operation: enough to reach every outcome the test requires. */
export const RUNS = 2000

/**
 * Starts a mock of the operations the oracle was taught for the test file (listening from `beforeAll`) and returns a check that sends
 * `RUNS` cases from the seed, checks each, and fails if an outcome in `required` was never reached.
 */
export function startRequestHarness() {
  const control = createControl({ store: createStore() })
  const server = setupServer(...handlersFor(contextFor(control, undefined, TAUGHT_OPERATIONS)))
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())
  return async (cases: fc.Arbitrary<Case>, { seed, required }: { seed: number; required: string[] }) => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        for (const key of await runCase(control, c)) seen.add(key)
      }),
      { seed, numRuns: RUNS },
    )
    expect(
      required.filter((key) => !seen.has(key)),
      `outcomes never reached; reached: ${[...seen].sort().join(', ')}`,
    ).toEqual([])
  }
}
