import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createControl } from '../control/control.ts'
import { seedCategories } from '../data/categories.ts'
import { createHandlers } from './create-handlers.ts'
import { Artefact, CreateArtefactResponse } from '../schemas/resources.ts'
import { createStore } from '../store/store.ts'
import { META_KEYS, validArtefactBody } from '../testing/artefact-bodies.ts'
import type { Body } from '../testing/body-text.ts'
import { expectedRead, list, own, resolveCategory, sortedEntries } from '../testing/read-side.ts'
import { BASE, RFC3339 } from '../testing/support.ts'

type Json = Record<string, unknown>

const control = createControl({ store: createStore() })
const server = setupServer(...createHandlers({ control }))
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

async function createAndRead(body: Body, query: string) {
  const created = await fetch(`${BASE}/artefact${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = CreateArtefactResponse.parse(await created.json())
  expect({ status: created.status, ...answer }, `create ${JSON.stringify(body).slice(0, 300)}`).toEqual({
    status: 200,
    responseId: answer.responseId,
    hasErrors: false,
    errors: [],
  })
  const read = await fetch(`${BASE}/artefact/${answer.responseId}`)
  expect(read.status).toBe(200)
  return { id: answer.responseId, read, raw: (await read.json()) as Json }
}

test('any valid body, created, reads back as behaviour §7 says, and no prototype changes', async () => {
  const prototype = Object.getOwnPropertyNames(Object.prototype)
  await fc.assert(
    fc.asyncProperty(validArtefactBody, fc.constantFrom(undefined, 'true', 'false'), async (body, draft) => {
      await control.reset()
      const startedAt = Date.now()
      const { id, read, raw } = await createAndRead(body, draft === undefined ? '' : `?isDraft=${draft}`)
      expect(Artefact.safeParse(raw).success).toBe(true)
      expect(read.headers.get('X-Artefact-Status')).toBe(draft === 'true' ? 'draft' : 'published')

      const { metaData, ...shown } = raw
      expect(raw.dateCreated).toMatch(RFC3339)
      expect(Math.abs(Date.parse(String(raw.dateCreated)) - startedAt)).toBeLessThan(60_000)
      const category = resolveCategory(seedCategories, own(body, 'category'))
      expect(shown).toEqual(
        expectedRead(id, { body, at: String(raw.dateCreated), category, collection: `${BASE}/artefact` }),
      )
      expect(sortedEntries(metaData)).toEqual(sortedEntries(own(body, 'metaData')))
      expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototype)
    }),
    { seed: 3_570, numRuns: 1000 },
  )
}, 60_000)

test('metaData keys such as __proto__, constructor and toString read back as plain keys', async () => {
  const metaData = Object.fromEntries(META_KEYS.map((key) => [key, { values: [key], dataType: 'string' }]))
  const { raw } = await createAndRead({ title: 'keys', metaData }, '')
  expect(Object.keys(raw.metaData as Json).sort()).toEqual([...META_KEYS].sort())
  expect(Object.getPrototypeOf(raw.metaData)).toBe(Object.prototype)
  expect(({} as Json).values).toBeUndefined()
})

test('a 1 MB hostile HTML body goes through create and get in linear time', async () => {
  const text = '<a'.repeat(500_000)
  const { raw } = await createAndRead({ title: 'hostile', content: [{ mediaType: 'text/html', text }] }, '')
  expect(list(raw.content)[0]?.text).toBe(text)
  expect(typeof raw.simpleContent).toBe('string')
}, 10_000)
