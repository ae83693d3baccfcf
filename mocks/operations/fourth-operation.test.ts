/**
 * An operation is its file and one line in the registry (decision 029). This test builds the
 * mock from the registry plus the made-up fourth operation (`mocks/testing/fourth-operation.ts`)
 * through the composition `createHandlers` and the HTTP mode use (`contextFor`, `handlersFor`,
 * `dispatcherFor`, the router and the pipeline), and checks the fourth is answered. The OpenAPI
 * builder and the explorer's catalogue get the same registry in `openapi/openapi.test.ts` and
 * `src/features/operations/catalogue.test.ts` (mocks/ imports neither, tests included).
 *
 * The full-suite form of this experiment, registering `listCategories` in `OPERATIONS` for real
 * and running `npx vitest run` and `npx tsc -p tsconfig.json --noEmit`, passed (last on 2026-11-27,
 * 97 files, 1,346 tests): see decision 029 for the steps.
 */
import { setupServer } from 'msw/node'
import * as z from 'zod/mini'
import { expect, onTestFinished, test } from 'vitest'
import { fromRequest } from '../contract/incoming.ts'
import { createControl } from '../control/control.ts'
import { seedCategories } from '../data/categories.ts'
import { contextFor, dispatcherFor, handlersFor } from '../handlers/create-handlers.ts'
import { createStore } from '../store/store.ts'
import { listCategories, WITH_FOURTH } from '../testing/fourth-operation.ts'
import { CATEGORY, expectError, ORIGIN, unhandled } from '../testing/support.ts'

/** The registry with the fourth operation, as `createHandlers` composes it, on a fresh store. */
function startWithFourth() {
  const context = contextFor(createControl({ store: createStore() }), undefined, WITH_FOURTH)
  const server = setupServer(...handlersFor(context))
  server.listen(unhandled('error'))
  onTestFinished(() => server.close())
  const send = (init: RequestInit = {}) => fetch(`${ORIGIN}${CATEGORY}`, init)
  const dispatch = dispatcherFor(context)
  /** The HTTP mode's answer to the same request. */
  const dispatched = async (init: RequestInit = {}) => {
    const answer = await dispatch(fromRequest(new Request(`${ORIGIN}${CATEGORY}`, init)))
    if (!answer) throw new Error('the dispatcher did not answer under the prefix')
    return answer
  }
  return { send, dispatched }
}

test('answers the fourth operation on its path, through the whole pipeline', async () => {
  const { send } = startWithFourth()
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

test('answers it the same way in the HTTP mode, through the dispatcher', async () => {
  const { dispatched } = startWithFourth()
  const listed = await dispatched()
  expect(listed.status).toBe(200)
  expect((await listed.json()).categories).toHaveLength(seedCategories.length)
  expect((await dispatched({ method: 'DELETE' })).headers.get('Allow')).toBe('POST, GET, OPTIONS')
})

test('shares the Allow of the path it shares, for 405, OPTIONS and a forced 405', async () => {
  const { send } = startWithFourth()
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
