// The README's "Node tests" and "Per-operation overrides" snippets, as written there.
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { type Artefact, control, getArtefactHandler, handlers } from 'artefact-preview-mock'

const server = setupServer(...handlers)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  server.resetHandlers()
  await control.reset()
})
afterAll(() => server.close())

const API = 'https://api.example.test/v3/preview-upcoming/resources'

test('reads an artefact of the data set', async () => {
  const res = await fetch(`${API}/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`)
  expect(res.status).toBe(200)
  expect(res.headers.get('X-Artefact-Status')).toBe('published')
  expect((await res.json()).title).toBe('Reset your password')
})

test('reads back an artefact it created', async () => {
  const created = await fetch(`${API}/artefact?isDraft=true`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Pair a new phone', category: { id: 2 } }),
  })
  const { responseId, hasErrors } = await created.json()
  expect(hasErrors).toBe(false)

  const res = await fetch(`${API}/artefact/${responseId}`)
  expect(res.headers.get('X-Artefact-Status')).toBe('draft')
  expect(await res.json()).toMatchObject({ id: responseId, title: 'Pair a new phone', category: { id: 2 } })
})

test('answers 406 when Accept asks for HTML', async () => {
  const res = await fetch(`${API}/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`, { headers: { Accept: 'text/html' } })
  expect(res.status).toBe(406)
  expect(await res.json()).toEqual({ errorCode: '406', message: 'Not Acceptable' })
})

const custom: Artefact = {
  id: '0a1e0001-5c0f-4a11-9c00-0000000000aa',
  title: 'Only in this test',
  content: [],
  simpleContent: '',
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

test('answers one test with its own artefact', async () => {
  server.use(getArtefactHandler(custom))
  const res = await fetch(`${API}/artefact/${custom.id}`)
  expect(await res.json()).toEqual(custom)
})

test('answers one id its own way and leaves the rest to the mock', async () => {
  server.use(getArtefactHandler(({ params }) => (params.id === custom.id ? custom : undefined)))
  expect((await fetch(`${API}/artefact/${custom.id}`)).status).toBe(200)
  expect((await fetch(`${API}/artefact/0a1e0001-5c0f-4a11-9c00-0000000000ff`)).status).toBe(404)
})

test('answers one test in maintenance', async () => {
  control.set({ maintenance: true })
  const res = await fetch(`${API}/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`)
  expect(res.status).toBe(503)
  expect(res.headers.get('Retry-After')).toBe('30')
})
