import { expect, test } from 'vitest'
import { Artefact } from '../schemas/resources.ts'
import { ARTEFACT, expectError, ORIGIN, RFC3339, START, startMock, UUID_V4, validArtefact } from '../testing/support.ts'

const NOW = new Date(START).toISOString()
const ACCOUNT = {
  id: 2,
  name: 'Account & security',
  dateCreated: '2026-01-05T09:05:00Z',
  dateModified: '2026-02-11T14:30:00Z',
}

const FULL = {
  title: '  Pair a new phone  ',
  content: [
    {
      mediaType: 'text/html',
      text: '<p>Open <b>Settings</b> &amp; pair.</p><p>Done.</p>',
      resourceLocation: 'help/pair.html',
    },
    { mediaType: 'image/png', source: 'https://cdn.test/pair.png' },
    { mediaType: 'text/plain', text: 'Plain words', source: 'https://cdn.test/ignored.txt' },
    { mediaType: 'application/pdf', source: 'https://cdn.test/pair.pdf', text: 'ignored', resourceLocation: '' },
  ],
  variations: [
    { content: [{ mediaType: 'text/plain', text: 'Short  version' }], channels: [{ id: 1, name: 'web' }, { id: 4 }] },
    { content: [{ mediaType: 'video/mp4', href: 'https://cdn.test/pair.mp4', resourceLocation: 'help/pair.mp4' }] },
    {},
  ],
  category: { id: 2 },
  primaryQuery: '  How do I pair a phone?  ',
  queryVariations: [{ query: '  pair phone ' }, { query: 'link device' }],
  productDocumentId: 42,
  productDocumentVersion: 3,
  metaData: { tags: { values: ['phone', 'pairing'], dataType: 'tag' }, none: { values: [], dataType: 'string' } },
  ignoredField: 'dropped',
}

test('creates an artefact that GET returns with every field as the contract reads it', async () => {
  const mock = startMock()
  const created = await mock.post(ARTEFACT, FULL)
  expect(created.status).toBe(200)
  const answer = await created.json()
  expect(answer).toStrictEqual({ responseId: expect.stringMatching(UUID_V4), hasErrors: false, errors: [] })
  const id: string = answer.responseId

  const response = await mock.getArtefact(id)
  expect(response.status).toBe(200)
  expect(response.headers.get('X-Artefact-Status')).toBe('published')
  expect(await response.json()).toStrictEqual({
    id,
    title: 'Pair a new phone',
    content: [
      { mediaType: 'text/html', text: FULL.content[0]!.text, href: null, resourceLocation: 'help/pair.html' },
      { mediaType: 'image/png', text: null, href: 'https://cdn.test/pair.png', resourceLocation: null },
      { mediaType: 'text/plain', text: 'Plain words', href: null, resourceLocation: null },
      { mediaType: 'application/pdf', text: null, href: 'https://cdn.test/pair.pdf', resourceLocation: '' },
    ],
    simpleContent: 'Open Settings & pair.\nDone.\nPlain words',
    variations: [
      {
        id: 1,
        content: [{ mediaType: 'text/plain', text: 'Short  version', href: null, resourceLocation: null }],
        simpleContent: 'Short version',
        channels: [
          { id: 1, name: 'web' },
          { id: 4, name: '' },
        ],
        dateCreated: NOW,
        dateModified: NOW,
      },
      {
        id: 2,
        content: [
          { mediaType: 'video/mp4', text: null, href: 'https://cdn.test/pair.mp4', resourceLocation: 'help/pair.mp4' },
        ],
        simpleContent: '',
        channels: [],
        dateCreated: NOW,
        dateModified: NOW,
      },
      { id: 3, content: [], simpleContent: '', channels: [], dateCreated: NOW, dateModified: NOW },
    ],
    category: ACCOUNT,
    primaryQuery: 'How do I pair a phone?',
    queryVariations: [
      { id: 1, query: 'pair phone' },
      { id: 2, query: 'link device' },
    ],
    productDocumentId: 42,
    productDocumentVersion: 3,
    metaData: FULL.metaData,
    links: [{ href: `${ORIGIN}${ARTEFACT}/${id}`, rel: 'self', type: 'GET' }],
    dateCreated: NOW,
    dateModified: NOW,
  })
})

test('creates an artefact from a title alone with nulls and empty lists elsewhere', async () => {
  const mock = startMock()
  const { responseId } = await (await mock.post(ARTEFACT, { title: 'Only a title' })).json()
  const body = await (await mock.getArtefact(responseId)).json()
  expect(body).toStrictEqual({
    id: responseId,
    title: 'Only a title',
    content: [],
    simpleContent: '',
    variations: [],
    category: null,
    primaryQuery: null,
    queryVariations: [],
    productDocumentId: null,
    productDocumentVersion: null,
    metaData: {},
    links: [{ href: `${ORIGIN}${ARTEFACT}/${responseId}`, rel: 'self', type: 'GET' }],
    dateCreated: NOW,
    dateModified: NOW,
  })
  expect(Artefact.safeParse(body).success).toBe(true)
})

test('reads a field sent as null as absent', async () => {
  const mock = startMock()
  const nulls = Object.fromEntries(
    Object.keys(FULL)
      .filter((key) => key !== 'title')
      .map((key) => [key, null]),
  )
  const created = await mock.post(ARTEFACT, { title: 'Nulls', ...nulls })
  expect(created.status).toBe(200)
  const body = await (await mock.getArtefact((await created.json()).responseId)).json()
  expect(body).toMatchObject({ content: [], variations: [], category: null, primaryQuery: null, queryVariations: [] })
  expect(body).toMatchObject({ productDocumentId: null, productDocumentVersion: null, metaData: {} })
})

test.each(['', '   '])('stores primaryQuery %j as null: an empty string counts as absent', async (primaryQuery) => {
  const mock = startMock()
  const created = await mock.post(ARTEFACT, { title: 'No query', primaryQuery })
  const { responseId, hasErrors } = await created.json()
  expect(hasErrors).toBe(false)
  expect((await (await mock.getArtefact(responseId)).json()).primaryQuery).toBeNull()
})

test.each([
  ['', 'must be a non-empty string'],
  ['   ', 'must not be white space only'],
  ['\t\n', 'must not be white space only'],
])('answers 422 for a content item whose mediaType is %j', async (mediaType, reason) => {
  const mock = startMock()
  for (const body of [
    { title: 'Blank', content: [{ mediaType, source: 'https://cdn.test/a.png' }] },
    { title: 'Blank', variations: [{ content: [{ mediaType, text: 'x' }] }] },
  ]) {
    const refused = await mock.post(ARTEFACT, body)
    await expectError(refused, 422)
    expect(refused.headers.get('X-Mock-Reason')).toMatch(new RegExp(`mediaType: ${reason}$`))
  }
})

test('names a padded mediaType trimmed in a rule sentence', async () => {
  const mock = startMock()
  const created = await mock.post(ARTEFACT, { title: 'Padded', content: [{ mediaType: '  image/png ' }] })
  expect((await created.json()).errors).toEqual(['content[0]: a image/png item needs source.'])
})

test('dates a new artefact with the clock, RFC 3339 and equal', async () => {
  const mock = startMock()
  mock.advance(1234)
  const { responseId } = await (await mock.post(ARTEFACT, validArtefact())).json()
  const { dateCreated, dateModified } = await (await mock.getArtefact(responseId)).json()
  expect(dateCreated).toMatch(RFC3339)
  expect(dateModified).toBe(dateCreated)
  expect(Date.parse(dateCreated)).toBe(START + 1234)
})

test('gives every new artefact a fresh v4 UUID', async () => {
  const mock = startMock()
  const ids = new Set<string>()
  for (let index = 0; index < 5; index += 1)
    ids.add((await (await mock.post(ARTEFACT, validArtefact())).json()).responseId)
  expect(ids.size).toBe(5)
  for (const id of ids) expect(id).toMatch(UUID_V4)
})

test('reads a category given by name case-insensitively as the stored category', async () => {
  const mock = startMock()
  const { responseId } = await (
    await mock.post(ARTEFACT, validArtefact({ category: { name: '  ACCOUNT & Security ' } }))
  ).json()
  expect((await (await mock.getArtefact(responseId)).json()).category).toStrictEqual(ACCOUNT)
})

test.each([
  ['?isDraft=true', 'draft'],
  ['?isDraft=false', 'published'],
  ['', 'published'],
])('reports X-Artefact-Status for a create with %j as %s', async (query, status) => {
  const mock = startMock()
  const { responseId } = await (await mock.post(`${ARTEFACT}${query}`, validArtefact())).json()
  const response = await mock.getArtefact(responseId)
  expect(response.headers.get('X-Artefact-Status')).toBe(status)
  expect(mock.store.getArtefact(responseId)?.isDraft).toBe(status === 'draft')
})

test.each(['TRUE', 'True', '1', '0', '', 'yes', 'true ', 'null'])('answers 400 when isDraft is %j', async (value) => {
  const mock = startMock()
  const before = mock.contents()
  await expectError(await mock.post(`${ARTEFACT}?isDraft=${encodeURIComponent(value)}`, validArtefact()), 400)
  expect(mock.contents()).toStrictEqual(before)
})

test.each(['isDraft', 'isDraft=true&isDraft=true', 'isDraft=true&isDraft=false'])(
  'answers 400 to ?%s',
  async (query) => {
    const mock = startMock()
    const before = mock.contents()
    await expectError(await mock.post(`${ARTEFACT}?${query}`, validArtefact()), 400)
    expect(mock.contents()).toStrictEqual(before)
  },
)

test('ignores other query parameters', async () => {
  const mock = startMock()
  expect((await mock.post(`${ARTEFACT}?draft=yes&isdraft=1`, validArtefact())).status).toBe(200)
})

test('keeps a __proto__ key in metaData as data without touching any prototype', async () => {
  const mock = startMock()
  const body =
    '{"title":"Proto","metaData":{"__proto__":{"values":["polluted"],"dataType":"string"},"ok":{"values":[],"dataType":"tag"}}}'
  const { responseId } = await (await mock.post(ARTEFACT, body)).json()
  const read = await (await mock.getArtefact(responseId)).json()

  expect(Object.keys(read.metaData)).toStrictEqual(['__proto__', 'ok'])
  expect(Object.getOwnPropertyDescriptor(read.metaData, '__proto__')?.value).toStrictEqual({
    values: ['polluted'],
    dataType: 'string',
  })
  const stored = mock.store.getArtefact(responseId)?.artefact.metaData ?? {}
  expect(Object.getPrototypeOf(stored)).toBe(Object.prototype)
  expect(Object.hasOwn(stored, '__proto__')).toBe(true)
  expect(Object.hasOwn(Object.prototype, 'values')).toBe(false)
  expect(({} as Record<string, unknown>).dataType).toBeUndefined()
  expect(Artefact.safeParse(read).success).toBe(true)
  expect((await mock.post(ARTEFACT, validArtefact())).status).toBe(200)
})

test('simpleContent is rendered with the create and held as plain data', async () => {
  const mock = startMock()
  const { responseId } = await (await mock.post(ARTEFACT, FULL)).json()
  expect(Object.getOwnPropertyDescriptor(mock.store.getArtefact(responseId)?.artefact, 'simpleContent')).toMatchObject({
    value: 'Open Settings & pair.\nDone.\nPlain words',
  })
})
