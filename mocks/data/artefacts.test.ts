import { expect, test } from 'vitest'
import { CreateArtefactRequest } from '../schemas/requests.ts'
import { Artefact } from '../schemas/resources.ts'
import { createStore } from '../store/store.ts'
import { CATEGORY, RFC3339, startMock } from '../testing/support.ts'
import { seedArtefacts } from './artefacts.ts'
import { buildSeed } from './build-seed.ts'
import { seedCategories } from './categories.ts'

/** Every artefact of the data set, as GET answers it. */
async function readAll(): Promise<Array<{ body: Artefact; status: string | null }>> {
  const mock = startMock()
  return Promise.all(
    seedArtefacts.map(async ({ id }) => {
      const response = await mock.getArtefact(id)
      return { body: (await response.json()) as Artefact, status: response.headers.get('X-Artefact-Status') }
    }),
  )
}

test('holds at least 12 artefacts and 4 categories with unique fixed ids', () => {
  expect(seedArtefacts.length).toBeGreaterThanOrEqual(12)
  expect(seedCategories.length).toBeGreaterThanOrEqual(4)
  expect(new Set(seedArtefacts.map((seed) => seed.id)).size).toBe(seedArtefacts.length)
  expect(new Set(seedCategories.map((category) => category.id)).size).toBe(seedCategories.length)
  for (const seed of seedArtefacts) expect(seed.id).toMatch(/^0a1e0001-5c0f-4a11-9c00-0000000000\d\d$/)
})

test('gives every category RFC 3339 dates and a name unique case-insensitively', () => {
  const names = seedCategories.map((category) => category.name.toLowerCase())
  expect(new Set(names).size).toBe(names.length)
  for (const category of seedCategories) {
    expect(category.dateCreated).toMatch(RFC3339)
    expect(category.dateModified).toMatch(RFC3339)
  }
})

test('is written as the request schema reads it, and a build of it shares no object with it', () => {
  for (const seed of seedArtefacts) expect(CreateArtefactRequest.parse(seed.request)).toStrictEqual(seed.request)
  const built = buildSeed(seedArtefacts, seedCategories)
  // Nothing a store holds is the module's own object: a change to one store's record stays there.
  built.forEach(({ artefact }, index) => {
    expect(artefact.metaData).not.toBe(seedArtefacts[index]!.request.metaData)
  })
})

test('answers every artefact as the spec types it, a channel name a string', async () => {
  for (const { body } of await readAll()) {
    expect(Artefact.safeParse(body).error).toBeUndefined()
    for (const variation of body.variations)
      for (const channel of variation.channels) expect(typeof channel.name, body.id).toBe('string')
  }
})

test('builds the same data set every time', () => {
  expect(createStore().getSnapshot().artefacts).toStrictEqual(createStore().getSnapshot().artefacts)
})

test('covers the cases the explorer and docs rely on', async () => {
  const all = await readAll()
  const items = all.flatMap(({ body }) => [
    ...body.content,
    ...body.variations.flatMap((variation) => variation.content),
  ])
  expect(all.some(({ status }) => status === 'draft')).toBe(true)
  expect(all.some(({ status }) => status === 'published')).toBe(true)
  expect(items.some((item) => item.mediaType === 'text/plain' && item.text)).toBe(true)
  expect(items.some((item) => item.mediaType === 'text/html' && item.text?.includes('<'))).toBe(true)
  expect(items.some((item) => !item.mediaType.startsWith('text/') && item.href)).toBe(true)
  expect(all.some(({ body }) => body.variations.some((variation) => variation.channels.length > 0))).toBe(true)
  expect(all.some(({ body }) => body.queryVariations.length > 0)).toBe(true)
  expect(all.some(({ body }) => body.productDocumentId !== null)).toBe(true)
  const dataTypes = new Set(all.flatMap(({ body }) => Object.values(body.metaData).map((entry) => entry.dataType)))
  expect(dataTypes.size).toBeGreaterThanOrEqual(3)
})

test('answers the data set dates as written, RFC 3339 with an offset', async () => {
  const all = await readAll()
  for (const [index, { body }] of all.entries()) {
    expect([body.dateCreated, body.dateModified]).toStrictEqual([
      seedArtefacts[index]?.dateCreated,
      seedArtefacts[index]?.dateModified,
    ])
    expect(body.dateCreated).toMatch(RFC3339)
  }
})

test('starts new category ids after the highest id of the data set', async () => {
  const mock = startMock()
  const highest = Math.max(...seedCategories.map((category) => category.id))
  expect((await (await mock.post(CATEGORY, { name: 'After the data set' })).json()).categoryId).toBe(highest + 1)
})
