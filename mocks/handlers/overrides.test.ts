import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, expect, onTestFinished, test } from 'vitest'
import { createControl } from '../control/control.ts'
import type { Artefact } from '../schemas/resources.ts'
import { createStore } from '../store/store.ts'
import { ARTEFACT, CATEGORY, expectError, ORIGIN, SEED, unhandled } from '../testing/support.ts'
import { createHandlers } from './create-handlers.ts'
import { control as defaultControl, handlers } from './defaults.ts'
import { createArtefactHandler, createCategoryHandler, getArtefactHandler } from './overrides.ts'

const CUSTOM: Artefact = {
  id: '0a1e0001-5c0f-4a11-9c00-0000000000aa',
  title: 'A custom artefact',
  content: [{ mediaType: 'text/plain', text: 'Hello', href: null, resourceLocation: null }],
  simpleContent: 'Hello',
  variations: [],
  category: null,
  primaryQuery: null,
  queryVariations: [],
  productDocumentId: null,
  productDocumentVersion: null,
  metaData: {},
  links: [],
  dateCreated: '2026-01-01T00:00:00.000Z',
  dateModified: '2026-01-01T00:00:00.000Z',
}

/** A server with the mock on a fresh control; `server.use()` puts overrides in front. */
function start() {
  const control = createControl({ store: createStore() })
  const server = setupServer(...createHandlers({ control }))
  server.listen(unhandled('error'))
  onTestFinished(() => server.close())
  return { control, server }
}

const get = (id: string, init?: RequestInit) => fetch(`${ORIGIN}${ARTEFACT}/${id}`, init)
const post = (path: string, body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  fetch(`${ORIGIN}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })

afterEach(() => defaultControl.reset())

test('getArtefactHandler() with no override answers as the mock does', async () => {
  const { control, server } = start()
  server.resetHandlers(getArtefactHandler(undefined, { control }))
  expect((await get(SEED.published)).status).toBe(200)
  await expectError(await get(SEED.unknown), 404)
})

test('getArtefactHandler(body) answers that artefact for any id, as JSON with the success headers', async () => {
  const { control, server } = start()
  server.use(getArtefactHandler(CUSTOM, { control }))
  for (const id of [CUSTOM.id, SEED.published, SEED.unknown]) {
    const response = await get(id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(response.headers.get('X-Artefact-Status')).toBe('published')
    expect(await response.json()).toStrictEqual(CUSTOM)
  }
})

test('an overridden handler still answers the contract before the override', async () => {
  const { control, server } = start()
  server.use(getArtefactHandler(CUSTOM, { control }))
  await expectError(await get(CUSTOM.id, { headers: { Accept: 'text/html' } }), 406)
  await expectError(await get('not-a-uuid'), 400)
  await expectError(await get(CUSTOM.id, { headers: { Prefer: 'code=429' } }), 429)
  control.set({ maintenance: true })
  await expectError(await get(CUSTOM.id), 503)
})

test('an override function answers for the ids it knows and lets the mock answer the rest', async () => {
  const { control, server } = start()
  server.use(getArtefactHandler(({ params }) => (params.id === CUSTOM.id ? CUSTOM : undefined), { control }))
  expect(await (await get(CUSTOM.id)).json()).toStrictEqual(CUSTOM)
  expect((await (await get(SEED.published)).json()).id).toBe(SEED.published)
  await expectError(await get(SEED.unknown), 404)
})

test('an override function may answer with its own Response', async () => {
  const { control, server } = start()
  server.use(getArtefactHandler(() => HttpResponse.json({ oops: true }, { status: 500 }), { control }))
  const response = await get(SEED.published)
  expect(response.status).toBe(500)
  expect(await response.json()).toStrictEqual({ oops: true })
})

test('createArtefactHandler(body) answers 200 with that body and stores nothing', async () => {
  const { control, server } = start()
  const answer = { responseId: CUSTOM.id, hasErrors: false, errors: [] }
  server.use(createArtefactHandler(answer, { control }))
  const before = control.store.getSnapshot().artefacts.length
  const response = await post(ARTEFACT, { title: 'Anything' })
  expect(response.status).toBe(200)
  expect(await response.json()).toStrictEqual(answer)
  expect(control.store.getSnapshot().artefacts).toHaveLength(before)
})

test('an override function reads the request body itself and sees the parsed body', async () => {
  const { control, server } = start()
  const seen: unknown[] = []
  server.use(
    createArtefactHandler(
      async ({ request, body }) => {
        seen.push(await request.json(), body)
        return undefined
      },
      { control },
    ),
  )
  const response = await post(ARTEFACT, { title: 'Read twice' })
  expect(response.status).toBe(200)
  expect(seen).toStrictEqual([{ title: 'Read twice' }, { title: 'Read twice' }])
  const { responseId } = await response.json()
  expect((await (await get(responseId)).json()).title).toBe('Read twice')
})

test('createCategoryHandler(body) answers 201 with that body, after the 415 check', async () => {
  const { control, server } = start()
  server.use(createCategoryHandler({ categoryId: 42, categoryName: 'Mobile apps' }, { control }))
  const response = await post(CATEGORY, { name: 'Anything' })
  expect(response.status).toBe(201)
  expect(await response.json()).toStrictEqual({ categoryId: 42, categoryName: 'Mobile apps' })
  await expectError(await post(CATEGORY, { name: 'Anything' }, { 'Content-Type': 'text/plain' }), 415)
})

test('refuses an override body that does not fit the response schema when the handler is made', () => {
  const broken = { ...CUSTOM, id: 'not-a-uuid' }
  expect(() => getArtefactHandler(broken)).toThrow(/\[artefact-mock\] getArtefactHandler: .*id/)
  expect(() => createCategoryHandler({ categoryId: 1.5, categoryName: 'x' })).toThrow(TypeError)
})

test('{ once: true } answers one request, then the mock answers again', async () => {
  const { control, server } = start()
  server.use(getArtefactHandler(CUSTOM, { control, once: true }))
  expect((await (await get(SEED.published)).json()).id).toBe(CUSTOM.id)
  expect((await (await get(SEED.published)).json()).id).toBe(SEED.published)
})

test('{ baseUrl } answers only under that origin', async () => {
  const { control, server } = start()
  server.use(getArtefactHandler(CUSTOM, { control, baseUrl: 'https://other.test' }))
  expect((await (await get(SEED.published)).json()).id).toBe(SEED.published)
})

test('without a control, an override shares the default control of `handlers`', async () => {
  const server = setupServer(...handlers)
  server.listen(unhandled('error'))
  onTestFinished(() => server.close())
  server.use(getArtefactHandler(CUSTOM))
  expect((await get(SEED.published)).status).toBe(200)
  defaultControl.set({ maintenance: true })
  await expectError(await get(SEED.published), 503)
  defaultControl.set({ maintenance: false })
})
