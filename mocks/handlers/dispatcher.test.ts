import fc from 'fast-check'
import { getResponse, type RequestHandler } from 'msw'
import { expect, test } from 'vitest'
import { createControl } from '../control/control.ts'
import { createStore } from '../store/store.ts'
import { acceptHeader, contentTypeHeader } from '../testing/request-headers.ts'
import { extraSegment, pathId, query, seedIds, unknownPath } from '../testing/request-paths.ts'
import { ARTEFACT, CATEGORY, ORIGIN, RESOURCES, START } from '../testing/support.ts'
import { contextFor, createHandlers, dispatcherFor } from './create-handlers.ts'
import { fromRequest } from '../contract/incoming.ts'

/**
 * `createHandlers()` under msw, and `dispatcherFor` (what the HTTP mode serves through, decision
 * 040) over a fresh store of its own on the same clock: one function that must answer the same.
 * `cli/dispatch.test.ts` holds the HTTP server to the same on a fixed grid of requests; this one
 * draws the requests, and sends several in a row to each store.
 */
function twoMocks() {
  const now = () => START
  const handlers = createHandlers({ control: createControl({ store: createStore(), now }) }) as RequestHandler[]
  const dispatch = dispatcherFor(contextFor(createControl({ store: createStore(), now })))
  return {
    viaMsw: (request: Request) => getResponse(handlers, request),
    dispatched: async (request: Request) => (await dispatch(fromRequest(request))) ?? undefined,
  }
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

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** An answer as a person compares two: status, headers and body, with the ids a create draws left out. */
async function seen(response: Response | undefined) {
  if (!response) return 'no handler answered'
  // A data set's id stays: an answer about another artefact must not compare equal.
  const drawn = (text: string) => text.replace(UUID, (id) => (seedIds.includes(id.toLowerCase()) ? id : '<drawn id>'))
  return {
    status: response.status,
    headers: [...response.headers].map(([name, value]) => `${name}: ${drawn(value)}`),
    text: drawn(await response.text()),
  }
}

test('dispatcherFor answers every request as createHandlers() does under msw, in any order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 6 }), async (requests) => {
      const { viaMsw, dispatched } = twoMocks()
      for (const sent of requests) {
        const expected = await seen(await viaMsw(build(sent)))
        expect(await seen(await dispatched(build(sent)))).toEqual(expected)
      }
    }),
    { numRuns: 300 },
  )
})
