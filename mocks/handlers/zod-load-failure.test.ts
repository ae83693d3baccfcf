/**
 * Decision 054: a request with a body waits for zod's chunk. When it cannot be loaded (a network
 * that lost the chunk), the request is answered 503 with the reason, and nothing is stored.
 */
import { getResponse } from 'msw'
import { expect, test, vi } from 'vitest'
import { createControl } from '../control/control.ts'
import { readSideOfDataSet } from '../data/read-side.ts'
import { createStoreOf } from '../store/core.ts'
import { capturedSync } from '../testing/captured-sync.ts'
import { createHandlers } from './create-handlers.ts'

let failing = true
vi.mock('../schemas/zod-side.ts', async (original) => {
  const real = await original<typeof import('../schemas/zod-side.ts')>()
  return {
    ...real,
    loadZodSide: () => (failing ? Promise.reject(new Error('chunk lost')) : real.loadZodSide()),
  }
})

const ORIGIN = 'http://artefact.test/v3/preview-upcoming/resources'
const control = createControl()
const handlers = createHandlers({ control })
const send = async (path: string, init: RequestInit = {}) => {
  const response = await getResponse(handlers, new Request(`${ORIGIN}${path}`, init))
  if (!response) throw new Error(`no handler answered ${path}`)
  return response
}
const createCategory = (name: string) =>
  send('/artefactcategory', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  })

test('a message from another tab that came while zod cannot load is reported as skipped, not applied', async () => {
  const { sync, deliver } = capturedSync()
  const store = createStoreOf({ sync }, readSideOfDataSet)
  await store.serving
  const held = store.getSnapshot().artefacts.length
  deliver({ type: 'reset', generation: 1 })
  await expect
    .poll(() => store.getSnapshot().health.skipped)
    .toEqual(['message from another tab: the schemas to check it could not be loaded'])
  expect(store.getSnapshot().artefacts).toHaveLength(held)
})

test('a create answers 503 with the reason while zod cannot load, stores nothing, and passes once it can', async () => {
  const categories = control.store.getSnapshot().categories.length
  const refused = await createCategory('Offline')
  expect(refused.status).toBe(503)
  expect(refused.headers.get('X-Mock-Reason')).toBe('mock: its schemas could not be loaded (chunk lost); send again')
  expect(refused.headers.get('Retry-After')).toBe(String(control.settings.retryAfterSeconds))
  expect(control.store.getSnapshot().categories).toHaveLength(categories)
  // A GET needs no schema.
  expect((await send('/artefact/0a1e0001-5c0f-4a11-9c00-000000000001')).status).toBe(200)

  failing = false
  const created = await createCategory('Offline')
  expect(created.status).toBe(201)
  expect(control.store.getSnapshot().categories).toHaveLength(categories + 1)
})
