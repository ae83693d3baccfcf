/**
 * Issue 37 point 9: two msw servers in one process (a `setupFiles` server and another in the test
 * file) hand each request to both. The mock answers it once, says so once, and names the fix; the
 * legitimate ways to layer handlers stay silent.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, expect, onTestFinished, test, vi } from 'vitest'
import { createControl, type MockControl } from '../control/control.ts'
import { createStore } from '../store/store.ts'
import { ARTEFACT, CATEGORY, ORIGIN, SEED, unhandled } from '../testing/support.ts'
import { createHandlers } from './create-handlers.ts'
import { createArtefactHandler, createCategoryHandler, getArtefactHandler } from './overrides.ts'

type Handlers = Parameters<typeof setupServer>

function listen(...handlers: Handlers) {
  const server = setupServer(...handlers)
  server.listen(unhandled('error'))
  onTestFinished(() => server.close())
  return server
}

const fresh = (settings: Parameters<typeof createControl>[0] = {}) =>
  createControl({ store: createStore(), ...settings })
const get = (id = SEED.published) => fetch(`${ORIGIN}${ARTEFACT}/${id}`)
const post = (path: string, body: unknown) =>
  fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

function spyOnErrors() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
  return {
    messages: () => spy.mock.calls.map((call) => call.map(String).join(' ')),
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

const categories = (control: MockControl) => control.store.getSnapshot().categories.length

test('two servers with the same handlers answer each request once, and say so once with the fix', async () => {
  const errors = spyOnErrors()
  const control = fresh({ quota: 1 })
  const handlers = createHandlers({ control })
  listen(...handlers) // the setupFiles server
  listen(...handlers) // the one the test file starts
  expect((await get()).status).toBe(200)
  expect(control.getSnapshot().quotaUsed).toBe(1)
  const created = await post(CATEGORY, { name: 'Counted once' })
  expect(created.status).toBe(403) // the quota of 1 was spent by the GET alone
  control.set({ quota: null })
  const second = await post(CATEGORY, { name: 'Read once' })
  expect([second.status, await second.json()]).toEqual([201, { categoryId: 7, categoryName: 'Read once' }])
  const said = errors.messages().filter((message) => message.startsWith('[artefact-mock]'))
  expect(said).toHaveLength(1)
  expect(said[0]).toContain('two msw servers (setupServer) run in this test process')
  expect(said[0]).toContain('setupFiles')
  expect(said[0]).toContain('do not start another in the test file')
  expect(errors.messages().join('\n')).not.toContain('Body is unusable')
})

test('two servers with handler sets of their own: the first answers, the second steps aside', async () => {
  const errors = spyOnErrors()
  const first = fresh()
  const second = fresh()
  listen(...createHandlers({ control: first }))
  listen(...createHandlers({ control: second }))
  const created = await post(ARTEFACT, { title: 'Stored once', category: { id: 2 } })
  expect(created.status).toBe(200)
  const stored = (control: MockControl) => control.store.getSnapshot().artefacts.length
  expect(stored(first) + stored(second)).toBe(2 * stored(fresh()) + 1)
  expect((await fetch(`${ORIGIN}${ARTEFACT}/x/y`)).status).toBe(404) // the fallback steps aside too
  expect(errors.messages().filter((message) => message.includes('second time'))).toHaveLength(1)
})

test('layering handlers in one server stays silent', async () => {
  const errors = spyOnErrors()
  const control = fresh()
  const other = fresh()
  const custom = { responseId: '0a1e0001-5c0f-4a11-9c00-0000000000aa', hasErrors: false, errors: [] }
  // An override set on one origin in front of the mock's, and the mock's own override helpers.
  const server = listen(
    ...createHandlers({ control: other, baseUrl: 'https://other.test' }),
    ...createHandlers({ control }),
  )
  server.use(
    createArtefactHandler(custom, { control }),
    createCategoryHandler(
      ({ body }) => (body?.name === 'Mine' ? { categoryId: 99, categoryName: 'Mine' } : undefined),
      {
        control,
      },
    ),
    getArtefactHandler(({ params }) => (params.id === SEED.unknown ? undefined : undefined), { control, once: true }),
    http.get('https://elsewhere.test/ping', () => HttpResponse.json({ pong: true })),
  )
  expect(await (await post(ARTEFACT, { title: 'Any' })).json()).toEqual(custom)
  expect((await post(CATEGORY, { name: 'Mine' })).status).toBe(201)
  expect((await post(CATEGORY, { name: 'Not mine' })).status).toBe(201)
  expect((await get(SEED.unknown)).status).toBe(404)
  expect((await get()).status).toBe(200)
  expect((await fetch(`https://other.test${ARTEFACT}/${SEED.published}`)).status).toBe(200)
  expect((await fetch('https://elsewhere.test/ping')).status).toBe(200)
  expect(categories(control)).toBe(categories(fresh()) + 1)
  expect(errors.messages()).toEqual([])
})

test('one server closed and another started, as test files do in turn, stays silent', async () => {
  const errors = spyOnErrors()
  const control = fresh()
  const first = setupServer(...createHandlers({ control }))
  first.listen(unhandled('error'))
  expect((await get()).status).toBe(200)
  first.close()
  listen(...createHandlers({ control }))
  expect((await get()).status).toBe(200)
  expect(errors.messages()).toEqual([])
})
