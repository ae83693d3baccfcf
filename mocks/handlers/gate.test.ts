import fc from 'fast-check'
import { getResponse, type RequestHandler } from 'msw'
import { expect, test } from 'vitest'
import { createControl } from '../control.ts'
import { createStore } from '../store.ts'
import { acceptHeader, contentTypeHeader } from '../testing/request-headers.ts'
import { extraSegment, pathId, query, seedIds, unknownPath } from '../testing/request-paths.ts'
import { ARTEFACT, CATEGORY, ORIGIN, RESOURCES, START } from '../testing/support.ts'
import { contextFor, createHandlers, dispatcherFor } from './create-handlers.ts'
import { gateHandler, loadOnce } from './gate.ts'
import { createScope } from './router.ts'

/** The browser entry's one handler and `createHandlers()`, each over a fresh store on one clock. */
function twoMocks() {
  const now = () => START
  const handlers = createHandlers({ control: createControl({ store: createStore(), now }) })
  const gateControl = createControl({ store: createStore(), now })
  let loads = 0
  const gate = gateHandler(createScope(), async () => {
    loads += 1
    return dispatcherFor(contextFor(gateControl))
  })
  return { handlers, gate: [gate], loads: () => loads }
}

const path = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(ARTEFACT, CATEGORY) },
  { weight: 4, arbitrary: pathId.map((id) => `${ARTEFACT}/${id.replace(/\{created\}/i, seedIds[0] ?? '')}`) },
  { weight: 1, arbitrary: extraSegment.map((segment) => `${CATEGORY}/${segment}`) },
  { weight: 1, arbitrary: unknownPath.map((rest) => `/v3/preview-upcoming${rest}`) },
  // Outside the prefix: neither answers.
  {
    weight: 1,
    arbitrary: fc.constantFrom('/', '/v3/preview-upcomingx/resources/artefact', `/api${RESOURCES}/artefact`),
  },
)
const body = fc.oneof(
  fc.record({ name: fc.string({ maxLength: 12 }) }).map((value) => JSON.stringify(value)),
  fc.record({ title: fc.string({ maxLength: 12 }), isDraft: fc.boolean() }).map((value) => JSON.stringify(value)),
  fc.json({ maxDepth: 2 }),
  fc.string({ maxLength: 20 }),
)
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'),
  path,
  query,
  accept: acceptHeader,
  contentType: contentTypeHeader,
  body,
})
type Sent = typeof request extends fc.Arbitrary<infer T> ? T : never

const build = ({ method, path, query, accept, contentType, body }: Sent) => {
  const headers = new Headers()
  if (accept.value !== undefined) headers.set('Accept', accept.value)
  if (contentType.value !== undefined) headers.set('Content-Type', contentType.value)
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(`${ORIGIN}${path}${query}`, { method, headers, ...(hasBody && { body }) })
}

/** An answer as a person compares two: status, headers and body, with the ids a create draws left out. */
async function seen(response: Response | undefined) {
  if (!response) return 'no handler answered'
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/gi
  const text = (await response.text()).replace(uuid, '<drawn id>')
  return {
    status: response.status,
    headers: [...response.headers].map(([name, value]) => `${name}: ${value.replace(uuid, '<drawn id>')}`),
    text,
  }
}

test('the browser entry’s one handler answers every request as createHandlers() does, in any order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 6 }), async (requests) => {
      const { handlers, gate } = twoMocks()
      for (const sent of requests) {
        const expected = await seen(await getResponse(handlers as RequestHandler[], build(sent)))
        expect(await seen(await getResponse(gate, build(sent)))).toEqual(expected)
      }
    }),
    { numRuns: 300 },
  )
})

test('the handler loads the operations’ code on a request under the prefix, not when it is built or passed by', async () => {
  const { gate, loads } = twoMocks()
  expect(loads()).toBe(0)
  expect(await getResponse(gate, new Request(`${ORIGIN}/elsewhere`))).toBeUndefined()
  expect(loads()).toBe(0)
  const response = await getResponse(gate, new Request(`${ORIGIN}${ARTEFACT}/${seedIds[0]}`))
  expect(response?.status).toBe(200)
  expect(loads()).toBe(1)
})

test('loadOnce shares one load between callers, and tries again after a failed one', async () => {
  let calls = 0
  const load = loadOnce(async () => {
    calls += 1
    if (calls === 1) throw new Error('the chunk did not arrive')
    return calls
  })
  await expect(load()).rejects.toThrow('the chunk did not arrive')
  const [first, second] = await Promise.all([load(), load()])
  expect([first, second, await load(), calls]).toEqual([2, 2, 2, 2])
})
