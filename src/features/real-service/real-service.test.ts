import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { createControl, createHandlers } from '#mocks/internal.ts'
import { type FakeUpstream, startFakeUpstream } from '../../../cli/test-fake-upstream.ts'
import { type LoggedWorker, networkLogFor } from '../network-log/log-store.ts'
import { createRealService } from './real-service.ts'
import { realServiceFor } from './real-service-for.ts'

const PAGE = 'http://app.test/v3/preview-upcoming/resources'
const ARTEFACT = `${PAGE}/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`
const control = createControl()
const server = setupServer(...createHandlers({ control }))
// msw/node's server has the worker's events, use() and handler list: the routing reads it as a worker.
const log = networkLogFor(server as unknown as LoggedWorker, control)
const real = realServiceFor(server, control, log)
let drifting: FakeUpstream
let clean: FakeUpstream

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'bypass' } as never)
  ;[drifting, clean] = await Promise.all([
    startFakeUpstream({ drift: ['missing-field'], cors: true }),
    startFakeUpstream({ cors: true }),
  ])
})
afterAll(async () => {
  server.close()
  await Promise.all([drifting.close(), clean.close()])
})
beforeEach(async () => {
  real.configure({ baseUrl: null, operations: [] })
  real.clear()
  await control.useScenario('default')
})

const settled = () => new Promise((resolve) => setTimeout(resolve, 20))
const get = (url = ARTEFACT) => fetch(url, { headers: { Accept: 'application/json', 'X-Artefact-Explorer': '1' } })

test('a chosen operation goes to the same path under the real base URL; its answer is checked and marked in the log', async () => {
  const mocked = Object.keys(await (await get()).json())
  real.configure({ baseUrl: drifting.url, operations: ['getArtefact'] })
  const response = await get()
  expect(response.status).toBe(200)
  // The seeded drift drops the last field of the body, whichever the mock has last.
  const seen = Object.keys(await response.json())
  const dropped = mocked.filter((key) => !seen.includes(key))
  expect(dropped).toHaveLength(1)
  const sent = drifting.received.at(-1)!
  expect(sent.path).toBe('/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001')
  // The explorer's own header means nothing to the real service.
  expect(sent.headers).not.toHaveProperty('x-artefact-explorer')
  const { report, checked, answers } = real.getSnapshot()
  expect(checked).toBe(1)
  expect(report.findings.map(({ operation, kind, pointer, count }) => ({ operation, kind, pointer, count }))).toEqual([
    { operation: 'getArtefact', kind: 'missing', pointer: `/${dropped[0]}`, count: 1 },
  ])
  expect(answers[0]).toMatchObject({ status: 200, url: `${drifting.url}${sent.path}`, failure: null })
  await settled()
  expect(log.getSnapshot()[0]!.marks).toEqual([expect.objectContaining({ kind: 'real', label: 'real · 1 finding' })])
})

test('the operations not chosen stay mocked, and so does everything while another scenario is in use', async () => {
  real.configure({ baseUrl: clean.url, operations: ['getArtefact'] })
  const before = clean.received.length
  const created = await fetch(`${PAGE}/artefactcategory`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mocked, not sent' }),
  })
  expect(created.status).toBe(201)
  await control.useScenario('empty')
  expect((await get()).status).toBe(404)
  expect(clean.received.length).toBe(before)
  expect(real.getSnapshot().checked).toBe(0)
})

test('a clean real service gives no findings; a base path comes before the spec path', async () => {
  real.configure({ baseUrl: clean.url, operations: ['getArtefact', 'createCategory'] })
  expect((await get()).status).toBe(200)
  const created = await fetch(`${PAGE}/artefactcategory`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Sent for real' }),
  })
  expect(created.status).toBe(201)
  expect(real.getSnapshot()).toMatchObject({ checked: 2, report: { findings: [] } })

  real.configure({ baseUrl: `${clean.url}/staging`, operations: ['getArtefact'] })
  await get()
  expect(clean.received.at(-1)!.path).toMatch(/^\/staging\/v3\/preview-upcoming\/resources\/artefact\//)
})

test('no answer (nothing listening) is a 502 with the reason, naming CORS, and no finding', async () => {
  const service = createRealService({
    control,
    storage: null,
    origin: 'http://localhost:4173',
    send: () => Promise.reject(new TypeError('Failed to fetch')),
  })
  service.configure({ baseUrl: 'https://staging.example.test', operations: ['getArtefact'] })
  server.use(service.handler)
  try {
    const response = await get()
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ errorCode: '502', message: 'Bad Gateway' })
    expect(response.headers.get('X-Mock-Reason')).toMatch(
      /https:\/\/staging\.example\.test gave no answer .*origin http:\/\/localhost:4173 with CORS/,
    )
    const [answer] = service.getSnapshot().answers
    expect(answer).toMatchObject({ status: null, findings: [], failure: expect.stringContaining('CORS') })
  } finally {
    server.resetHandlers()
  }
})

test("Apply puts the handler back after the host's resetHandlers()", async () => {
  server.resetHandlers()
  real.configure({ baseUrl: clean.url, operations: ['getArtefact'] })
  await get()
  expect(real.getSnapshot().checked).toBe(1)
})
