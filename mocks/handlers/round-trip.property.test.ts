import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { simpleContent } from '../artefact/simple-content.ts'
import { createControl } from '../control.ts'
import { seedCategories } from '../data/categories.ts'
import { createHandlers } from './create-handlers.ts'
import { Artefact, CreateArtefactResponse } from '../schemas.ts'
import { createStore } from '../store.ts'
import * as arb from '../testing/arbitraries.ts'

const BASE = 'http://artefact.test/v3/preview-upcoming/resources'
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
type Json = Record<string, unknown>

const control = createControl({ store: createStore() })
const server = setupServer(...createHandlers({ control }))
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

const own = (object: unknown, key: string) =>
  object !== null && typeof object === 'object' && Object.hasOwn(object, key) ? (object as Json)[key] : undefined
const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : [])
const orNull = (value: unknown) => (value === undefined ? null : value)
/** The read side of a create-body content item (behaviour §7): `source` (or `href`) becomes `href`. */
const readItem = (item: Json, address: 'source' | 'href') => {
  const isText = String(item.mediaType).toLowerCase().startsWith('text/')
  return {
    mediaType: item.mediaType,
    text: isText ? orNull(own(item, 'text')) : null,
    href: isText ? null : orNull(own(item, address)),
    resourceLocation: orNull(own(item, 'resourceLocation')),
  }
}
const storedCategory = (ref: unknown) => {
  if (ref === null || ref === undefined) return null
  const id = own(ref, 'id')
  return seedCategories.find((category) =>
    typeof id === 'number' ? category.id === id : arb.fold(category.name) === arb.fold(own(ref, 'name')),
  )
}
const sortedEntries = (object: unknown) =>
  Object.entries((object ?? {}) as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
const uniqueIntegers = (items: Json[]) => {
  const ids = items.map((item) => item.id)
  expect(ids.every(Number.isInteger) && new Set(ids).size === ids.length, `ids ${JSON.stringify(ids)}`).toBe(true)
}

async function createAndRead(body: arb.Body, query: string) {
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
    fc.asyncProperty(arb.validArtefactBody, fc.constantFrom(undefined, 'true', 'false'), async (body, draft) => {
      await control.reset()
      const startedAt = Date.now()
      const { id, read, raw } = await createAndRead(body, draft === undefined ? '' : `?isDraft=${draft}`)
      expect(Artefact.safeParse(raw).success).toBe(true)
      expect(read.headers.get('X-Artefact-Status')).toBe(draft === 'true' ? 'draft' : 'published')

      expect(raw.id).toBe(id)
      expect(raw.title).toBe(String(body.title).trim())
      const content = list(own(body, 'content')).map((item) => readItem(item, 'source'))
      expect(raw.content).toEqual(content)
      expect(raw.simpleContent).toBe(simpleContent(content as Array<{ mediaType: string; text: string | null }>))
      const variations = list(own(body, 'variations'))
      expect(list(raw.variations)).toHaveLength(variations.length)
      uniqueIntegers(list(raw.variations))
      list(raw.variations).forEach((variation, i) => {
        const sent = variations[i]!
        expect(variation.content).toEqual(list(own(sent, 'content')).map((item) => readItem(item, 'href')))
        expect(variation.channels).toEqual(
          list(own(sent, 'channels')).map((channel) => ({ id: channel.id, name: orNull(own(channel, 'name')) })),
        )
        expect([variation.dateCreated, variation.dateModified]).toEqual([raw.dateCreated, raw.dateCreated])
      })
      expect(raw.category).toEqual(storedCategory(own(body, 'category')))
      const primary = own(body, 'primaryQuery')
      if (typeof primary === 'string' && primary.trim() !== '') expect(raw.primaryQuery).toBe(primary.trim())
      else expect([null, ''], 'an absent or blank primaryQuery').toContain(raw.primaryQuery)
      expect(list(raw.queryVariations).map((q) => q.query)).toEqual(
        list(own(body, 'queryVariations')).map((q) => String(q.query).trim()),
      )
      uniqueIntegers(list(raw.queryVariations))
      expect(raw.productDocumentId).toBe(orNull(own(body, 'productDocumentId')))
      expect(raw.productDocumentVersion).toBe(orNull(own(body, 'productDocumentVersion')))
      expect(sortedEntries(raw.metaData)).toEqual(sortedEntries(own(body, 'metaData')))
      expect(raw.links).toContainEqual({ href: `${BASE}/artefact/${id}`, rel: 'self', type: 'GET' })
      expect(raw.dateCreated).toMatch(RFC3339)
      expect(raw.dateModified).toBe(raw.dateCreated)
      expect(Math.abs(Date.parse(String(raw.dateCreated)) - startedAt)).toBeLessThan(60_000)
      expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototype)
    }),
    { seed: 3_570, numRuns: 1000 },
  )
}, 60_000)

test('metaData keys such as __proto__, constructor and toString read back as plain keys', async () => {
  const metaData = Object.fromEntries(arb.META_KEYS.map((key) => [key, { values: [key], dataType: 'string' }]))
  const { raw } = await createAndRead({ title: 'keys', metaData }, '')
  expect(Object.keys(raw.metaData as Json).sort()).toEqual([...arb.META_KEYS].sort())
  expect(Object.getPrototypeOf(raw.metaData)).toBe(Object.prototype)
  expect(({} as Json).values).toBeUndefined()
})

test('a 1 MB hostile HTML body goes through create and get in linear time', async () => {
  const text = '<a'.repeat(500_000)
  const { raw } = await createAndRead({ title: 'hostile', content: [{ mediaType: 'text/html', text }] }, '')
  expect(list(raw.content)[0]?.text).toBe(text)
  expect(typeof raw.simpleContent).toBe('string')
}, 10_000)
