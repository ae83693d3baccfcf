import { getResponse } from 'msw'
import { expect, test } from 'vitest'
import { createControl } from '../mocks/control/control.ts'
import { createHandlers } from '../mocks/handlers/create-handlers.ts'
import { createStore } from '../mocks/store/store.ts'
import { bareHandlers } from './bare-handlers.ts'
import { ORIGIN, OPS, requestFor } from './fixtures.ts'
import { projectGetBytes } from './lib/project-bytes.ts'

// Checks the harness compares like with like; nothing here is timed.
test('the bare GET answers the same bytes as the project', async () => {
  const bytes = await projectGetBytes(ORIGIN)
  const bare = await getResponse(bareHandlers(ORIGIN, bytes), requestFor(ORIGIN, 'get', 0))
  expect(await bare?.text()).toBe(bytes)
})

test('the project answers every bench request with a success', async () => {
  const handlers = createHandlers({ control: createControl({ store: createStore() }) })
  for (const op of OPS) {
    const res = await getResponse(handlers, requestFor(ORIGIN, op, 1))
    expect(res?.status).toBeLessThan(300)
    if (op === 'create') expect(await res?.json()).toMatchObject({ hasErrors: false })
  }
})
