import { getResponse } from 'msw'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createControl, createHandlers, createStore } from '../mocks/internal.ts'
import { RESOURCES, SEED, START } from '../mocks/testing/support.ts'
import { type HttpServer, startHttpServer } from './http-server.ts'

// The HTTP mode answers through the mock's own dispatch, not msw's getResponse
// (docs/decisions/040-http-create-path.md): the same requests must get the same answers.
const PATHS = [
  `${RESOURCES}/artefact/${SEED.published}`,
  `${RESOURCES}/artefact/${SEED.published.toUpperCase()}`,
  `${RESOURCES}/artefact/not-a-uuid`,
  `${RESOURCES}/artefact/0a1e0001-5c0f-4a11-9c00-0000000000ff`,
  `${RESOURCES}/artefact`,
  `${RESOURCES}/artefact?isDraft=true`,
  `${RESOURCES}/artefact?isDraft=yes`,
  `${RESOURCES}/artefact/`,
  `${RESOURCES}/Artefact`,
  `${RESOURCES}/artefactcategory`,
  `${RESOURCES}/nowhere`,
  '/v3/preview-upcoming',
  '/elsewhere',
]
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']
const HEADERS: Record<string, string>[] = [
  {},
  { Accept: 'text/html' },
  { 'Content-Type': 'text/plain' },
  { Prefer: 'code=429' },
  { Prefer: 'code=299' },
]
const BODIES = ['{"title":"Same answer","category":{"id":3}}', '{"name":"Same answer"}', '{"title":', '[]', '']
// Kept from the answers: what the mock itself sets (the HTTP mode adds CORS and connection headers,
// and a Content-Length to every answer; the bodies are compared whole).
const KEPT = ['content-type', 'x-mock-reason', 'allow', 'retry-after', 'x-artefact-status']
const RANDOM_ID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g

let server: HttpServer
let direct: ReturnType<typeof createHandlers>

beforeEach(async () => {
  const fixed = { quota: 10_000, now: () => START }
  server = await startHttpServer({ port: 0, control: createControl({ store: createStore(), ...fixed }) })
  direct = createHandlers({ control: createControl({ store: createStore(), ...fixed }) })
})
afterEach(() => server.close())

async function seen(response: Response, method: string) {
  const body = method === 'HEAD' ? '' : (await response.text()).replace(RANDOM_ID, '<random id>')
  const headers = KEPT.flatMap((name) => {
    const value = response.headers.get(name)
    return value === null ? [] : [[name, value]]
  })
  return { status: response.status, headers, body }
}

test('answers every method, path, header and body as getResponse(createHandlers()) does', async () => {
  let compared = 0
  for (const path of PATHS)
    for (const method of METHODS)
      for (const headers of HEADERS)
        for (const body of method === 'GET' || method === 'HEAD' ? [undefined] : BODIES) {
          const init = { method, headers, ...(body !== undefined && { body }) }
          const overHttp = await fetch(`${server.url}${path}`, init)
          const byMsw = await getResponse(direct, new Request(`${server.url}${path}`, init))
          const label = `${method} ${path} ${JSON.stringify(headers)} ${body}`
          expect({ label, ...(await seen(overHttp, method)) }).toEqual({
            label,
            // Outside the mock's paths msw has no answer and the HTTP mode its own plain 404.
            ...(byMsw
              ? await seen(byMsw, method)
              : { status: 404, headers: expect.anything(), body: expect.anything() }),
          })
          compared += 1
        }
  expect(compared).toBeGreaterThan(1000)
})
