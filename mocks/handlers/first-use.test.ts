/**
 * Decisions 049 and 054: a mock's start builds no zod schema and loads neither zod (in the
 * browser) nor entities; the first use does.
 * This file imports only what the browser entry imports (the control and the handlers), so what
 * zod's registry holds is what that code built.
 */
import { setupServer } from 'msw/node'
import { build } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { loadedDecoder } from '../artefact/html-decoder.ts'
import { createControl } from '../control/control.ts'
import { createHandlers } from './create-handlers.ts'
import { createArtefact } from '../operations/create-artefact.ts'
import { getArtefact } from '../operations/get-artefact.ts'

const API = 'http://artefact.test/v3/preview-upcoming/resources'
const PUBLISHED = '0a1e0001-5c0f-4a11-9c00-000000000001'
// zod keeps the ids of registered schemas here; every response and request schema of the mock has one.
const registered = () => [...(z.globalRegistry as unknown as { _idmap: Map<string, unknown> })._idmap.keys()]

const server = setupServer(...createHandlers({ control: createControl() }))
// msw 3 reads `onUnhandledFrame`, msw 2 (`npm run test:msw2`) `onUnhandledRequest`.
const UNHANDLED = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const
beforeAll(() => server.listen(UNHANDLED))
afterAll(() => server.close())

test('starting and answering GETs builds no schema and loads no decoder', async () => {
  expect((await fetch(`${API}/artefact/${PUBLISHED}`)).status).toBe(200)
  expect((await fetch(`${API}/artefact/${PUBLISHED.replace('0001', '0999')}`)).status).toBe(404)
  expect(registered()).toEqual([])
  expect(loadedDecoder()).toBeUndefined()
})

test('the first create loads the decoder, and its answer decodes character references', async () => {
  const created = await fetch(`${API}/artefact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Fish', content: [{ mediaType: 'text/html', text: '<p>Fish &amp; chips</p>' }] }),
  })
  expect(created.status).toBe(200)
  const { responseId } = (await created.json()) as { responseId: string }
  const read = (await (await fetch(`${API}/artefact/${responseId}`)).json()) as { simpleContent: string }
  expect(read.simpleContent).toBe('Fish & chips')
  expect(loadedDecoder()).toBeTypeOf('function')
})

test('the public schemas are the ones the operations check with', async () => {
  const [responses, requests] = await Promise.all([import('../schemas/resources.ts'), import('../schemas/requests.ts')])
  expect(getArtefact.success.schema).toBe(responses.Artefact)
  expect(createArtefact.success.schema).toBe(responses.CreateArtefactResponse)
  expect(createArtefact.request).toBe(requests.CreateArtefactRequest)
  expect(registered()).toEqual(expect.arrayContaining(['Artefact', 'Error', 'CreateArtefactRequest']))
})

test("the browser entry's first chunk holds neither zod, the schemas, the data set's create requests nor entities; zod and entities are chunks of their own", async () => {
  // A Vite library build of the entry, as a Vite app's bundler reads it (nothing external).
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, lib: { entry: 'mocks/browser.ts', formats: ['es'] } },
  })
  if (!Array.isArray(result) && !('output' in result)) throw new Error('expected a build, not a watcher')
  const chunks = [result]
    .flat()
    .flatMap(({ output }) => output)
    .flatMap((file) => (file.type === 'chunk' ? [file] : []))
  const local = (ids: readonly string[]) => ids.map((id) => id.slice(id.lastIndexOf('/mocks/') + 1))
  const entry = chunks.find((chunk) => chunk.isEntry)
  // What a page loads before the entry runs: the entry and the chunks it imports statically.
  const eager = chunks.filter((chunk) => chunk === entry || entry?.imports.includes(chunk.fileName))
  const modules = local(eager.flatMap((chunk) => chunk.moduleIds))
  expect(modules).toContain('mocks/control/control.ts') // the graph was read
  const eagers = [
    'mocks/schemas/resources.ts',
    'mocks/schemas/requests.ts',
    'mocks/control/settings.ts',
    'mocks/data/build-seed.ts',
  ]
  // The OpenAPI document's builder hands the create requests to the operations (decision 052);
  // zod and the schema builders load on first use (decision 054).
  const lazily = [
    'mocks/data/artefacts.ts',
    'mocks/schemas/builders.ts',
    'mocks/schemas/english.ts',
    'mocks/control/settings-schema.ts',
  ]
  for (const eager of [...eagers, ...lazily]) expect(modules).not.toContain(eager)
  const from = (name: string) => (id: string) => id.includes(`/node_modules/${name}/`)
  expect(modules.filter(from('entities'))).toEqual([])
  expect(modules.filter(from('zod'))).toEqual([])
  // One chunk at start: zod's chunk shares no module with it, or the shared ones would be a chunk of their own.
  expect(entry?.imports).toEqual([])
  const lazy = chunks.filter((chunk) => !eager.includes(chunk))
  expect(lazy.some((chunk) => chunk.moduleIds.some(from('entities')))).toBe(true)
  const zodChunk = lazy.find((chunk) => chunk.moduleIds.some(from('zod')))
  expect(local(zodChunk?.moduleIds ?? [])).toContain('mocks/schemas/builders.ts')
})
