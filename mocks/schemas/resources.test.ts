import { expect, test } from 'vitest'
import { ARTEFACT, expectError, startMock } from '../testing/support.ts'

const title = 'Schema check'

test.each([
  ['title is missing', {}],
  ['title is empty', { title: '' }],
  ['title is white space', { title: ' \t\n ' }],
  ['title is null', { title: null }],
  ['title is 513 characters', { title: 'x'.repeat(513) }],
  ['title is 513 characters after trimming', { title: ` ${'x'.repeat(513)} ` }],
  ['title is a number', { title: 5 }],
  ['title is an array', { title: ['a'] }],
  ['content is a string', { title, content: 'text' }],
  ['content is an object', { title, content: { mediaType: 'text/plain' } }],
  ['a content item has no mediaType', { title, content: [{ text: 'words' }] }],
  ['a content item has an empty mediaType', { title, content: [{ mediaType: '', text: 'words' }] }],
  ['a content item has a null mediaType', { title, content: [{ mediaType: null, text: 'words' }] }],
  ['a content item is a string', { title, content: ['text/plain'] }],
  ['a content text is a number', { title, content: [{ mediaType: 'text/plain', text: 5 }] }],
  ['a content source is an object', { title, content: [{ mediaType: 'image/png', source: {} }] }],
  [
    'a content resourceLocation is a number',
    { title, content: [{ mediaType: 'image/png', source: 'a', resourceLocation: 1 }] },
  ],
  ['variations is an object', { title, variations: {} }],
  ['a variation content item has no mediaType', { title, variations: [{ content: [{ text: 'x' }] }] }],
  ['a variation href is a number', { title, variations: [{ content: [{ mediaType: 'image/png', href: 1 }] }] }],
  ['a channel id is a string', { title, variations: [{ channels: [{ id: '1', name: 'web' }] }] }],
  ['a channel id is not an integer', { title, variations: [{ channels: [{ id: 1.5 }] }] }],
  ['a channel has no id', { title, variations: [{ channels: [{ name: 'web' }] }] }],
  ['a channel name is a number', { title, variations: [{ channels: [{ id: 1, name: 2 }] }] }],
  ['category is a string', { title, category: 'Billing & plans' }],
  ['category is {}', { title, category: {} }],
  ['category is { name: "  " }', { title, category: { name: '  ' } }],
  ['category is { id: null, name: null }', { title, category: { id: null, name: null } }],
  ['category id is a string', { title, category: { id: '2' } }],
  ['category id is not an integer', { title, category: { id: 2.5 } }],
  ['category name is a number', { title, category: { name: 5 } }],
  ['primaryQuery is a number', { title, primaryQuery: 3 }],
  ['queryVariations is a string', { title, queryVariations: 'q' }],
  ['a query variation has no query', { title, queryVariations: [{}] }],
  ['a query is a number', { title, queryVariations: [{ query: 1 }] }],
  ['productDocumentId is a string', { title, productDocumentId: '42' }],
  ['productDocumentId is not an integer', { title, productDocumentId: 4.2 }],
  ['productDocumentVersion is not an integer', { title, productDocumentId: 4, productDocumentVersion: 1.5 }],
  ['productDocumentVersion is a boolean', { title, productDocumentId: 4, productDocumentVersion: true }],
  ['metaData is an array', { title, metaData: [] }],
  ['metaData is a string', { title, metaData: 'tags' }],
  ['a metaData entry is null', { title, metaData: { tags: null } }],
  ['a metaData entry is a string', { title, metaData: { tags: 'a' } }],
  ['a metaData entry has no dataType', { title, metaData: { tags: { values: ['a'] } } }],
  ['a metaData entry has no values', { title, metaData: { tags: { dataType: 'tag' } } }],
  ['metaData values is a string', { title, metaData: { tags: { values: 'a', dataType: 'tag' } } }],
  ['metaData values hold a number', { title, metaData: { tags: { values: ['a', 1], dataType: 'tag' } } }],
  ['a metaData dataType is a number', { title, metaData: { tags: { values: [], dataType: 1 } } }],
  ['__proto__ hides the title', JSON.parse('{"__proto__": {"title": "hidden"}}')],
])('answers 422 and stores nothing when %s', async (_rule, body) => {
  const mock = startMock()
  const before = mock.contents()
  await expectError(await mock.post(ARTEFACT, body), 422)
  expect(mock.contents()).toStrictEqual(before)
  expect(Object.hasOwn(Object.prototype, 'title')).toBe(false)
})

test('names the offending field in X-Mock-Reason', async () => {
  const mock = startMock()
  const response = await mock.post(ARTEFACT, { title, content: [{ mediaType: 'text/plain' }, { text: 'x' }] })
  expect(response.headers.get('X-Mock-Reason')).toContain('content[1].mediaType')
})

test('accepts a title of 512 characters after trimming and stores it trimmed', async () => {
  const mock = startMock()
  const long = 'x'.repeat(512)
  const created = await mock.post(ARTEFACT, { title: `   ${long}\n` })
  expect(created.status).toBe(200)
  expect((await (await mock.getArtefact((await created.json()).responseId)).json()).title).toBe(long)
})

test('counts title length in JavaScript string units', async () => {
  const mock = startMock()
  await expectError(await mock.post(ARTEFACT, { title: '\u{1F600}'.repeat(257) }), 422)
  expect((await mock.post(ARTEFACT, { title: '\u{1F600}'.repeat(256) })).status).toBe(200)
})

test('accepts integers written with an exponent or a zero fraction', async () => {
  const mock = startMock()
  const created = await mock.post(ARTEFACT, '{"title":"Ints","productDocumentId":4e2,"productDocumentVersion":3.0}')
  expect(created.status).toBe(200)
  const body = await (await mock.getArtefact((await created.json()).responseId)).json()
  expect([body.productDocumentId, body.productDocumentVersion]).toStrictEqual([400, 3])
})

test('ignores unknown fields, at the top and inside items', async () => {
  const mock = startMock()
  const created = await mock.post(ARTEFACT, {
    title,
    extra: { nested: true },
    content: [{ mediaType: 'text/plain', text: 'x', href: 'ignored', colour: 'red' }],
    category: { id: 1, colour: 'red' },
    queryVariations: [{ query: 'q', id: 99 }],
  })
  expect(created.status).toBe(200)
  const body = await (await mock.getArtefact((await created.json()).responseId)).json()
  expect(body).not.toHaveProperty('extra')
  expect(body.content).toStrictEqual([{ mediaType: 'text/plain', text: 'x', href: null, resourceLocation: null }])
  expect(body.queryVariations).toStrictEqual([{ id: 1, query: 'q' }])
})

test('accepts a category given by id with an empty name', async () => {
  const mock = startMock()
  expect((await mock.post(ARTEFACT, { title, category: { id: 1, name: '' } })).status).toBe(200)
})
