import { expect, test } from 'vitest'
import { ARTEFACT, expectError, type Mock, startMock, UUID_V4 } from '../testing/support.ts'

const title = 'Rule check'

/** Posts a body that fits the schema, asserts the 200 hasErrors answer and that nothing was stored. */
async function refused(mock: Mock, body: Record<string, unknown>): Promise<string[]> {
  const before = mock.contents()
  const response = await mock.post(ARTEFACT, { title, ...body })
  expect(response.status).toBe(200)
  const answer = await response.json()
  expect(answer).toStrictEqual({
    responseId: expect.stringMatching(UUID_V4),
    hasErrors: true,
    errors: expect.any(Array),
  })
  expect(mock.contents()).toStrictEqual(before)
  await expectError(await mock.getArtefact(answer.responseId), 404)
  return answer.errors
}

test.each([
  ['category.id names no category', { category: { id: 999 } }, 'category.id'],
  ['category.name is not the name of category.id', { category: { id: 2, name: 'Billing & plans' } }, 'category.name'],
  ['only category.name is given and no category has it', { category: { name: 'Gardening' } }, 'category.name'],
  ['a text/plain item has no text', { content: [{ mediaType: 'text/plain' }] }, 'content[0]'],
  ['a text/html item has empty text', { content: [{ mediaType: 'text/html', text: '' }] }, 'content[0]'],
  [
    'a text item has a source but no text',
    { content: [{ mediaType: 'text/plain', source: 'https://a.test/x' }] },
    'content[0]',
  ],
  [
    'an image item has no source',
    { content: [{ mediaType: 'text/plain', text: 'ok' }, { mediaType: 'image/png' }] },
    'content[1]',
  ],
  [
    'an image item has href instead of source',
    { content: [{ mediaType: 'image/png', href: 'https://a.test/x.png' }] },
    'content[0]',
  ],
  ['an image item has text but no source', { content: [{ mediaType: 'image/png', text: 'alt' }] }, 'content[0]'],
  [
    'a variation video item has no href',
    { variations: [{ content: [] }, { content: [{ mediaType: 'video/mp4' }] }] },
    'variations[1].content[0]',
  ],
  [
    'a variation item has source instead of href',
    { variations: [{ content: [{ mediaType: 'application/pdf', source: 'https://a.test/x.pdf' }] }] },
    'variations[0].content[0]',
  ],
  [
    'a variation text item has no text',
    { variations: [{ content: [{ mediaType: 'text/markdown' }] }] },
    'variations[0].content[0]',
  ],
  [
    'two query variations are the same',
    { queryVariations: [{ query: 'a' }, { query: 'b' }, { query: 'a' }] },
    'queryVariations[2]',
  ],
  [
    'two query variations differ only in case and spaces',
    { queryVariations: [{ query: 'Reset' }, { query: ' reset ' }] },
    'queryVariations[1]',
  ],
  [
    'a query variation repeats primaryQuery',
    { primaryQuery: 'How?', queryVariations: [{ query: 'HOW?' }] },
    'queryVariations[0]',
  ],
  [
    'productDocumentVersion is given without productDocumentId',
    { productDocumentVersion: 2 },
    'productDocumentVersion',
  ],
])('answers 200 with hasErrors and stores nothing when %s', async (_rule, body, path) => {
  const mock = startMock()
  const errors = await refused(mock, body)
  expect(errors).toHaveLength(1)
  expect(errors[0]).toContain(path)
})

test('gives one sentence per offending item, each naming its path', async () => {
  const mock = startMock()
  const errors = await refused(mock, {
    category: { id: 999 },
    content: [{ mediaType: 'text/plain', text: 'fine' }, { mediaType: 'image/png' }],
    variations: [
      { content: [{ mediaType: 'text/plain', text: 'fine' }] },
      { content: [{ mediaType: 'text/html' }, { mediaType: 'video/mp4' }] },
    ],
    primaryQuery: 'same',
    queryVariations: [{ query: 'Same' }, { query: 'other' }, { query: 'OTHER' }],
    productDocumentVersion: 1,
  })
  const paths = [
    'category.id',
    'content[1]',
    'variations[1].content[0]',
    'variations[1].content[1]',
    'queryVariations[0]',
    'queryVariations[2]',
    'productDocumentVersion',
  ]
  expect(errors).toHaveLength(paths.length)
  for (const path of paths) expect(errors.filter((sentence) => sentence.includes(path))).not.toHaveLength(0)
  for (const sentence of errors) expect(sentence).toMatch(/^\S.*\.$/)
})

test('answers a fresh responseId each time a body breaks a rule', async () => {
  const mock = startMock()
  const body = { productDocumentVersion: 1 }
  const first = await (await mock.post(ARTEFACT, { title, ...body })).json()
  const second = await (await mock.post(ARTEFACT, { title, ...body })).json()
  expect(first.responseId).not.toBe(second.responseId)
})

test.each([
  ['category.id with its name in another case', { category: { id: 5, name: '  BILLING & PLANS ' } }],
  ['category.id with an empty name', { category: { id: 5, name: '' } }],
  ['category.name alone in another case', { category: { name: 'billing & plans' } }],
  [
    'a text item with text and an image with source',
    {
      content: [
        { mediaType: 'text/plain', text: 'a' },
        { mediaType: 'image/png', source: 'x' },
      ],
    },
  ],
  ['a variation item with href', { variations: [{ content: [{ mediaType: 'video/mp4', href: 'x' }] }] }],
  ['a TEXT/HTML item with text', { content: [{ mediaType: 'TEXT/HTML', text: '<p>a</p>' }] }],
  ['distinct queries and primaryQuery', { primaryQuery: 'p', queryVariations: [{ query: 'a' }, { query: 'b' }] }],
  ['empty queries, which count as absent', { primaryQuery: '', queryVariations: [{ query: '' }, { query: ' ' }] }],
  ['productDocumentVersion with productDocumentId', { productDocumentId: 1, productDocumentVersion: 2 }],
  ['productDocumentId alone', { productDocumentId: 1 }],
])('stores an artefact with %s', async (_case, body) => {
  const mock = startMock()
  const answer = await (await mock.post(ARTEFACT, { title, ...body })).json()
  expect(answer).toStrictEqual({ responseId: expect.stringMatching(UUID_V4), hasErrors: false, errors: [] })
  expect((await mock.getArtefact(answer.responseId)).status).toBe(200)
})

test('finds a category created at run time by id and by name', async () => {
  const mock = startMock()
  const { categoryId } = await (
    await mock.post('/v3/preview-upcoming/resources/artefactcategory', { name: 'Gardening' })
  ).json()
  for (const category of [{ id: categoryId }, { name: 'GARDENING' }]) {
    const answer = await (await mock.post(ARTEFACT, { title, category })).json()
    expect(answer.hasErrors).toBe(false)
    expect((await (await mock.getArtefact(answer.responseId)).json()).category).toMatchObject({
      id: categoryId,
      name: 'Gardening',
    })
  }
})

test('reads a blank primaryQuery as absent (null) and keeps an empty query as an empty string', async () => {
  const mock = startMock()
  const answer = await (
    await mock.post(ARTEFACT, { title, primaryQuery: '  ', queryVariations: [{ query: ' ' }] })
  ).json()
  const body = await (await mock.getArtefact(answer.responseId)).json()
  expect([body.primaryQuery, body.queryVariations]).toStrictEqual([null, [{ id: 1, query: '' }]])
})

test('keeps a text item whose text is only white space, exactly as sent', async () => {
  const mock = startMock()
  const answer = await (await mock.post(ARTEFACT, { title, content: [{ mediaType: 'text/plain', text: '  ' }] })).json()
  expect(answer.hasErrors).toBe(false)
  const artefact = await (await mock.getArtefact(answer.responseId)).json()
  expect(artefact.content[0].text).toBe('  ')
  expect(artefact.simpleContent).toBe('')
})
