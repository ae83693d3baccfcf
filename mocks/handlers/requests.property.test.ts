import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createControl } from '../control.ts'
import { createHandlers } from './create-handlers.ts'
import { Artefact, CreateArtefactResponse, CreateCategoryResponse, ErrorBody } from '../schemas.ts'
import { createArtefact } from '../operations/create-artefact.ts'
import { createCategory } from '../operations/create-category.ts'
import { getArtefact } from '../operations/get-artefact.ts'
import type { OperationName } from '../operations/registry.ts'
import { createStore } from '../store.ts'
import * as arb from '../testing/arbitraries.ts'
import { seedCategories } from '../data/categories.ts'
import { seedArtefacts } from '../data/artefacts.ts'

const ORIGIN = 'http://artefact.test'
const PREFIX = '/v3/preview-upcoming'
const RUNS = 2000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

// The generators aim at the registry's method and path; the oracle below restates the contract on its own.
type Op = OperationName
/** What the generator knows the body deserves when it reaches its own operation; `judge` reads the bytes. */
type Verdict = { kind: 'ok' } | { kind: 'hasErrors'; path: string } | { kind: '422' } | { kind: 'judge' }
interface Case {
  op: Op
  conditions: arb.Conditions
  method: string
  /** After the prefix; `{created}` / `{CREATED}` name the artefact made in set-up. */
  path: string
  query: string
  accept: arb.HeaderChoice
  contentType: arb.HeaderChoice
  prefer: { value: string; forced: number | null } | undefined
  body: { bytes: arb.Bytes; verdict: Verdict } | undefined
  setup: { artefact?: { body: arb.Body; draft: boolean }; category?: string }
}
/** What the test knows of the store, kept apart from the mock's own bookkeeping. */
interface World {
  known: Set<string>
  drafts: Map<string, boolean>
  taken: Set<string>
}

const control = createControl({ store: createStore() })
const server = setupServer(...createHandlers({ control }))
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

// ------------------------------------------------------------------ oracle

interface Route {
  op: Op
  method: string
  id?: string
}
function routeOf(pathname: string): Route | null {
  if (!pathname.startsWith(`${PREFIX}/`)) throw new Error(`test bug: ${pathname} is outside the prefix`)
  const rest = pathname.slice(PREFIX.length)
  if (rest === '/resources/artefact') return { op: 'createArtefact', method: 'POST' }
  if (rest === '/resources/artefactcategory') return { op: 'createCategory', method: 'POST' }
  const id = /^\/resources\/artefact\/([^/]+)$/.exec(rest)?.[1]
  return id === undefined ? null : { op: 'getArtefact', method: 'GET', id }
}

/** `keys` are the acceptable outcomes ('200 ok', '200 hasErrors', '404', ...); `tag` names the step that decides. */
interface Expected {
  keys: string[]
  tag: string
  counted: boolean
  route: Route | null
  path?: string
  name?: string
}

function readJson(bytes: Uint8Array): { ok: true; value: Record<string, unknown> } | { ok: false } {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ok: true, value: value as Record<string, unknown> }
      : { ok: false }
  } catch {
    return { ok: false }
  }
}
const own = (object: Record<string, unknown>, key: string) => (Object.hasOwn(object, key) ? object[key] : undefined)

/** Steps 9 to 12 for a body the generator did not classify: read it as behaviour §4 and 5 say. */
function judge(op: Op, bytes: Uint8Array, world: World): Omit<Expected, 'counted' | 'route'> {
  const read = readJson(bytes)
  if (!read.ok) return { keys: ['400'], tag: 'body' }
  if (op === 'createCategory') {
    const name = own(read.value, 'name')
    if (typeof name !== 'string' || name.trim() === '' || name.trim().length > 128)
      return { keys: ['422'], tag: 'schema' }
    if (world.taken.has(arb.fold(name))) return { keys: ['422'], tag: 'taken' }
    return { keys: ['201'], tag: 'ok', name: name.trim() }
  }
  const title = own(read.value, 'title')
  if (typeof title !== 'string' || title.trim() === '' || title.trim().length > 512)
    return { keys: ['422'], tag: 'schema' }
  return { keys: ['200 ok', '200 hasErrors', '422'], tag: 'judged' }
}

/** Contract 2's order of checks, first match wins. */
function expected(c: Case, url: URL, world: World): Expected {
  const route = routeOf(url.pathname)
  const early = (key: string, tag: string): Expected => ({ keys: [key], tag, counted: false, route })
  if (c.conditions.maintenance) return early('503', 'maintenance')
  if (!route) return early('404', 'path')
  if (c.method !== route.method) return c.method === 'OPTIONS' ? early('204', 'options') : early('405', 'method')
  if (c.prefer) return early(c.prefer.forced === null ? '400' : String(c.prefer.forced), 'prefer')
  const counted = (found: Omit<Expected, 'counted' | 'route'>): Expected => ({ ...found, counted: true, route })
  const { quota, rateLimit, preCalls, bodyLimitBytes } = c.conditions
  if (quota !== null && preCalls + 1 > quota) return counted({ keys: ['403'], tag: 'quota' })
  if (rateLimit && preCalls + 1 > rateLimit.calls) return counted({ keys: ['429'], tag: 'rate' })
  if (!c.accept.ok) return counted({ keys: ['406'], tag: 'accept' })
  if (route.method === 'POST' && !c.contentType.ok) return counted({ keys: ['415'], tag: 'content-type' })
  if (route.op === 'getArtefact') {
    const id = route.id ?? ''
    if (!UUID.test(id)) return counted({ keys: ['400'], tag: 'id' })
    return counted(world.known.has(id.toLowerCase()) ? { keys: ['200'], tag: 'ok' } : { keys: ['404'], tag: 'id' })
  }
  const drafts = url.searchParams.getAll('isDraft')
  if (
    route.op === 'createArtefact' &&
    (drafts.length > 1 || (drafts.length === 1 && drafts[0] !== 'true' && drafts[0] !== 'false'))
  ) {
    return counted({ keys: ['400'], tag: 'isDraft' })
  }
  const bytes = c.body?.bytes ?? new Uint8Array()
  if (bytes.byteLength > bodyLimitBytes) return counted({ keys: ['400'], tag: 'size' })
  const verdict = c.body && route.op === c.op ? c.body.verdict : { kind: 'judge' as const }
  if (verdict.kind === 'ok') return counted({ keys: ['200 ok'], tag: 'ok' })
  if (verdict.kind === 'hasErrors') return counted({ keys: ['200 hasErrors'], tag: 'rule', path: verdict.path })
  if (verdict.kind === '422') return counted({ keys: ['422'], tag: 'schema' })
  return counted(judge(route.op, bytes, world))
}

// --------------------------------------------------------------- harness

const look = () => ({
  artefacts: control.store
    .getSnapshot()
    .artefacts.map((record) => record.artefact.id)
    .sort(),
  categories: control.store
    .getSnapshot()
    .categories.map((category) => category.id)
    .sort((a, b) => a - b),
  quotaUsed: control.getSnapshot().quotaUsed,
  proto: Object.getOwnPropertyNames(Object.prototype).join(),
})

const settingsOf = ({ preCalls: _, ...settings }: arb.Conditions) => ({
  ...settings,
  latency: { mode: 'off' as const },
})
const post = (path: string, body: unknown) =>
  fetch(`${ORIGIN}${PREFIX}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

async function prepare(c: Case): Promise<{ world: World; created: string }> {
  await control.reset()
  control.set(settingsOf(arb.NO_LIMITS))
  const world: World = {
    known: new Set(arb.seedIds),
    drafts: new Map(seedArtefacts.map((a) => [a.id, a.isDraft])),
    taken: new Set(seedCategories.map((category) => arb.fold(category.name))),
  }
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
    world.taken.add(arb.fold(c.setup.category))
  }
  control.set(settingsOf(c.conditions))
  control.resetCounters()
  for (let i = 0; i < c.conditions.preCalls; i++) control.countCall()
  return { world, created }
}

async function send(c: Case, created: string) {
  const path = c.path.replace('{created}', created).replace('{CREATED}', created.toUpperCase())
  const url = `${ORIGIN}${PREFIX}${path}${c.query}`
  const headers = new Headers()
  if (c.accept.value !== undefined) headers.set('Accept', c.accept.value)
  if (c.contentType.value !== undefined) headers.set('Content-Type', c.contentType.value)
  if (c.prefer) headers.set('Prefer', c.prefer.value)
  const withBody = c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD'
  const response = await fetch(url, { method: c.method, headers, ...(withBody && { body: c.body!.bytes }) })
  return { url: new URL(url), response, text: await response.text() }
}

/** Runs one case and checks every invariant; returns the coverage keys it reached. */
async function runCase(c: Case): Promise<string[]> {
  const { world, created } = await prepare(c)
  const before = look()
  const { url, response, text } = await send(c, created)
  const after = look()
  const want = expected(c, url, world)
  const status = response.status
  const reason = response.headers.get('X-Mock-Reason')
  const where = `${c.method} ${url.href} -> ${status} (${reason ?? 'no reason'}) ${text.slice(0, 300)}`
  const json: unknown = text === '' ? undefined : JSON.parse(text)
  const answer = want.route?.op === 'createArtefact' && status === 200 ? CreateArtefactResponse.parse(json) : undefined
  const key = answer ? `200 ${answer.hasErrors ? 'hasErrors' : 'ok'}` : String(status)

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

  if (status in arb.SPEC_ERRORS) {
    if (c.method !== 'HEAD')
      expect(ErrorBody.strict().parse(json), where).toEqual({
        errorCode: String(status),
        message: arb.SPEC_ERRORS[status],
      })
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

// ------------------------------------------------------------------- cases

const prefer = fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb.preferHeader })
const randomQuery = fc
  .array(
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
    { maxLength: 2 },
  )
  .map((parts) => (parts.length === 0 ? '' : `?${parts.join('&')}`))
const bytesOf = (verdict: Verdict) => (body: unknown) => arb.jsonBytes(body).map((bytes) => ({ bytes, verdict }))
const judged = (bytes: arb.Bytes) => ({ bytes, verdict: { kind: 'judge' as const } })
const pathFor = (collection: string, variants: string[]) =>
  fc.oneof(
    { weight: 24, arbitrary: fc.constant(collection) },
    { weight: 1, arbitrary: fc.constantFrom(...variants) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(`${collection}/`, `${collection}/x/`), arb.extraSegment)
        .map(([head, s]) => head + s),
    },
    { weight: 1, arbitrary: arb.unknownPath },
  )
const common = { conditions: arb.conditions, accept: arb.acceptHeader, contentType: arb.contentTypeHeader, prefer }

const createArtefactCase: fc.Arbitrary<Case> = fc.record({
  ...common,
  op: fc.constant(createArtefact.name),
  method: arb.method(createArtefact.method),
  path: pathFor(createArtefact.path, [
    '/resources/artefact/',
    '/resources/Artefact',
    '/Resources/artefact',
    '/resources/ARTEFACT',
    '/resources/x/../artefact',
    '/resources/artefact/./',
  ]),
  query: arb.query,
  body: fc.oneof(
    { weight: 5, arbitrary: arb.validArtefactBody.chain(bytesOf({ kind: 'ok' })) },
    { weight: 3, arbitrary: arb.ruleBrokenBody.chain(({ body, path }) => bytesOf({ kind: 'hasErrors', path })(body)) },
    { weight: 3, arbitrary: arb.schemaBrokenBody.chain(bytesOf({ kind: '422' })) },
    { weight: 2, arbitrary: arb.randomBodyBytes.map(judged) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  setup: fc.constant({}),
})

const getArtefactCase: fc.Arbitrary<Case> = fc
  .record({
    ...common,
    op: fc.constant(getArtefact.name),
    method: arb.method(getArtefact.method),
    path: fc.tuple(arb.pathId, fc.nat()).map(([id, n]) => {
      const variants = [
        `/resources/artefact/${id}/`,
        `/resources/Artefact/${id}`,
        `/Resources/artefact/${id}`,
        `/resources/artefact/${id}/links`,
        `/resources/x/../artefact/${id}`,
        '/resources/artefact',
        '/resources/artefactcategory',
        `/${id}`,
      ]
      return n % 50 < variants.length ? variants[n % 50]! : getArtefact.path.replace('{id}', id)
    }),
    query: randomQuery,
    body: fc.option(arb.randomBodyBytes.map(judged), { nil: undefined }),
    draft: fc.boolean(),
    created: arb.validArtefactBody,
  })
  .map(({ draft, created, ...c }) => ({
    ...c,
    setup: c.path.includes('{created}') || c.path.includes('{CREATED}') ? { artefact: { body: created, draft } } : {},
  }))

const createCategoryCase: fc.Arbitrary<Case> = fc
  .record({
    ...common,
    op: fc.constant(createCategory.name),
    method: arb.method(createCategory.method),
    path: pathFor(createCategory.path, [
      '/resources/artefactcategory/',
      '/resources/artefactCategory',
      '/resources/ArtefactCategory',
      '/resources/artefact-category',
    ]),
    query: randomQuery,
    setupName: fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: arb.freshCategoryName },
    ),
    body: fc.oneof(
      { weight: 6, arbitrary: arb.categoryBody.chain(arb.jsonBytes) },
      { weight: 2, arbitrary: arb.randomBodyBytes },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    variant: fc.boolean(),
  })
  .chain(({ setupName, body, variant, ...c }) => {
    // Half the set-ups are followed by the same name in another case and padding: 422.
    const again =
      setupName !== undefined && variant
        ? arb.padded(arb.caseVariant(setupName.trim())).chain((name) => arb.jsonBytes({ name }))
        : fc.constant(body)
    return again.map((bytes) => ({
      ...c,
      body: bytes && judged(bytes),
      setup: setupName === undefined ? {} : { category: setupName },
    }))
  })

// ------------------------------------------------------------- properties

const LIMITS = ['403:quota', '429:rate', '503:maintenance', '404:path', '405', '204', '406', '400:prefer']
const REQUIRED: Record<Op, string[]> = {
  createArtefact: [...LIMITS, '200 ok', '200 hasErrors', '400', '400:isDraft', '400:body', '400:size', '415', '422'],
  getArtefact: [...LIMITS, '200', '400:id', '404:id'],
  createCategory: [...LIMITS, '201', '400:body', '415', '422:schema', '422:taken'],
}
const CASES: Record<Op, fc.Arbitrary<Case>> = {
  createArtefact: createArtefactCase,
  getArtefact: getArtefactCase,
  createCategory: createCategoryCase,
}
const SEEDS: Record<Op, number> = { createArtefact: 3_500, getArtefact: 3_700, createCategory: 3_400 }

for (const op of Object.keys(CASES) as Op[]) {
  test(`${op}: ${RUNS} random requests each get the status behaviour §2 orders, with the spec's Error body`, async () => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(CASES[op], async (c) => {
        for (const key of await runCase(c)) seen.add(key)
      }),
      { seed: SEEDS[op], numRuns: RUNS },
    )
    expect(
      REQUIRED[op].filter((key) => !seen.has(key)),
      `outcomes never reached; reached: ${[...seen].sort().join(', ')}`,
    ).toEqual([])
  }, 60_000)
}
