import { setupServer } from 'msw/node'
import * as z from 'zod/mini'
import { expect, onTestFinished, test } from 'vitest'
import { createControl } from '../control/control.ts'
import { contextFor, handlersFor } from '../handlers/create-handlers.ts'
import { seedCategories } from '../data/categories.ts'
import { createStore } from '../store/store.ts'
import { CATEGORY, expectError, ORIGIN, unhandled } from '../testing/support.ts'
import { listCategories, WITH_FOURTH } from '../testing/fourth-operation.ts'
import { OPERATIONS } from './registry.ts'

test('every operation has its own name and its own method on its path', () => {
  expect(new Set(OPERATIONS.map((operation) => operation.name)).size).toBe(OPERATIONS.length)
  expect(new Set(OPERATIONS.map((operation) => `${operation.method} ${operation.path}`)).size).toBe(OPERATIONS.length)
})

test('every example fits its operation request schema', () => {
  for (const operation of OPERATIONS) {
    const example = operation.example?.()
    expect(example === undefined, `${operation.name}: an example exactly when it takes a body`).toBe(
      operation.request === null,
    )
    if (operation.request) expect(z.safeParse(operation.request, example).success, operation.name).toBe(true)
  }
})

test('every success schema and request schema has an OpenAPI id', () => {
  for (const operation of OPERATIONS) {
    expect(z.globalRegistry.get(operation.success.schema)?.id, operation.name).toMatch(/^[A-Z]/)
    if (operation.request) expect(z.globalRegistry.get(operation.request)?.id, operation.name).toMatch(/^[A-Z]/)
  }
})

/** The handlers of the registry with the made-up fourth operation, on a fresh store. */
function startWithFourth() {
  const control = createControl({ store: createStore() })
  const server = setupServer(...handlersFor(WITH_FOURTH, contextFor(control, undefined, WITH_FOURTH)))
  server.listen(unhandled('error'))
  onTestFinished(() => server.close())
  return (init: RequestInit = {}) => fetch(`${ORIGIN}${CATEGORY}`, init)
}

test('a fourth operation added to the registry answers on its path, through the whole pipeline', async () => {
  const send = startWithFourth()
  const listed = await send()
  expect(listed.status).toBe(200)
  expect(listed.headers.get('X-Category-Count')).toBe(String(seedCategories.length))
  expect(z.parse(listCategories.success.schema, await listed.json()).categories).toHaveLength(seedCategories.length)
  await expectError(await send({ headers: { Accept: 'text/html' } }), 406)
  await expectError(await send({ headers: { Prefer: 'code=429' } }), 429)
  const created = await send({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mobile apps' }),
  })
  expect(created.status).toBe(201)
  expect((await (await send()).json()).categories).toHaveLength(seedCategories.length + 1)
})

test('a fourth operation that shares a path shares its Allow, for 405, OPTIONS and a forced 405', async () => {
  const send = startWithFourth()
  const refused = await send({ method: 'DELETE' })
  expect(refused.headers.get('Allow')).toBe('POST, GET, OPTIONS')
  await expectError(refused, 405)
  const options = await send({ method: 'OPTIONS' })
  expect({ status: options.status, allow: options.headers.get('Allow') }).toEqual({
    status: 204,
    allow: 'POST, GET, OPTIONS',
  })
  expect((await send({ headers: { Prefer: 'code=405' } })).headers.get('Allow')).toBe('POST, GET, OPTIONS')
})

test('without the fourth operation, the same path allows POST only', async () => {
  const control = createControl({ store: createStore() })
  const server = setupServer(...handlersFor(OPERATIONS, contextFor(control)))
  server.listen(unhandled('error'))
  onTestFinished(() => server.close())
  const refused = await fetch(`${ORIGIN}${CATEGORY}`)
  expect(refused.headers.get('Allow')).toBe('POST, OPTIONS')
  await expectError(refused, 405)
})
