// The ready-made server of 'artefact-preview-mock/node', with the README's msw 2/3 note:
// msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest, and each ignores the other's name.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { control, server } from 'artefact-preview-mock/node'

const onUnhandled = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const

beforeAll(() => server.listen(onUnhandled))
afterEach(() => control.reset())
afterAll(() => server.close())

test('the ready-made server answers a create, then serves it', async () => {
  const created = await fetch('http://localhost/v3/preview-upcoming/resources/artefactcategory', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mobile apps' }),
  })
  expect(created.status).toBe(201)
  expect(await created.json()).toEqual({ categoryId: 7, categoryName: 'Mobile apps' })
})

test('a forced status answers the next request only', async () => {
  control.forceNext(429)
  const url = 'http://localhost/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'
  expect((await fetch(url)).status).toBe(429)
  expect((await fetch(url)).status).toBe(200)
})
