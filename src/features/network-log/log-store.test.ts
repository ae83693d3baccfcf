import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createControl, createHandlers, getArtefactHandler } from '#mocks/internal.ts'
import { type LoggedWorker, networkLogFor } from './log-store.ts'

const URL = 'http://artefact.test/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'
const control = createControl()
const server = setupServer(...createHandlers({ control }))
// msw/node's server has the worker's events and handler list: the log reads it the same way.
const log = networkLogFor(server as unknown as LoggedWorker, control)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' } as never))
afterAll(() => server.close())

const settled = () => new Promise((resolve) => setTimeout(resolve, 20))

test("marks answers of handlers added with use() as overridden, and the own handlers' not", async () => {
  await fetch(URL)
  server.use(getArtefactHandler(() => undefined))
  await fetch(URL)
  server.use(http.get(URL, () => HttpResponse.json({ replaced: true })))
  await fetch(URL)
  server.resetHandlers()
  await settled()
  const [plain, override, own] = log.getSnapshot()
  expect(own!.marks).toBeUndefined()
  expect(override!.marks?.map((mark) => mark.kind)).toEqual(['overridden'])
  expect(plain!.marks).toEqual([{ kind: 'overridden', detail: `answered by a handler added with use(): GET ${URL}` }])
})

test("marks answers delayed while the control's latency is on", async () => {
  control.set({ latency: { mode: 'fixed', ms: 30 } })
  await fetch(URL)
  control.set({ latency: { mode: 'off' } })
  await settled()
  expect(log.getSnapshot()[0]!.marks).toEqual([
    { kind: 'delayed', detail: expect.stringMatching(/^latency 30 ms \(mock control\); answered in \d+ ms$/) },
  ])
})

test('counts every answer of the worker, and starts again when cleared', async () => {
  log.clear()
  await fetch(URL)
  await fetch(`${URL}0`)
  await settled()
  expect(log.getTotal()).toBe(2)
  expect(log.getSnapshot().map((entry) => entry.response?.status)).toEqual([400, 200])
  log.clear()
  expect(log.getTotal()).toBe(0)
})
