import { expect, test } from 'vitest'
import { seedArtefacts } from '../data/artefacts.ts'
import { Artefact } from '../schemas/resources.ts'
import { ARTEFACT, expectError, ORIGIN, RFC3339, SEED, startMock } from '../testing/support.ts'

test.each(seedArtefacts.map((seed) => [seed.id, seed.isDraft] as const))(
  'answers the data set artefact %s with its status',
  async (id, isDraft) => {
    const mock = startMock()
    const response = await mock.getArtefact(id)
    expect(response.status).toBe(200)
    expect(response.headers.get('X-Artefact-Status')).toBe(isDraft ? 'draft' : 'published')
    const body = await response.json()
    expect(Artefact.safeParse(body).success).toBe(true)
    expect(body.id).toBe(id)
    expect(body.dateCreated).toMatch(RFC3339)
    expect(body.dateModified).toMatch(RFC3339)
    expect(body.links).toStrictEqual([{ href: `${ORIGIN}${ARTEFACT}/${id}`, rel: 'self', type: 'GET' }])
  },
)

test('answers the stored artefact when the id is upper-case', async () => {
  const mock = startMock()
  const response = await mock.getArtefact(SEED.published.toUpperCase())
  expect(response.status).toBe(200)
  const body = await response.json()
  expect(body.id).toBe(SEED.published)
  expect(body.links[0].href).toBe(`${ORIGIN}${ARTEFACT}/${SEED.published}`)
})

test('answers a created artefact by its upper-case id', async () => {
  const mock = startMock()
  const { responseId } = await (await mock.post(ARTEFACT, { title: 'Case' })).json()
  expect((await mock.getArtefact(String(responseId).toUpperCase())).status).toBe(200)
})

test.each([
  ['a word', 'not-a-uuid'],
  ['35 characters', SEED.published.slice(0, -1)],
  ['37 characters', `${SEED.published}0`],
  ['a %2F inside', `${SEED.published.slice(0, 23)}%2F${SEED.published.slice(24)}`],
  ['an encoded slash at the end', `${SEED.published}%2F`],
  ['a non-hex digit', `${SEED.published.slice(0, -1)}g`],
  ['no hyphens', SEED.published.replaceAll('-', '')],
  ['braces', `{${SEED.published}}`],
  ['a urn prefix', `urn:uuid:${SEED.published}`],
  ['hyphens in the wrong places', '0a1e00015-c0f-4a11-9c00-000000000001'],
  ['white space', `%20${SEED.published}`],
])('answers 400 when the id has %s', async (_case, id) => {
  const mock = startMock()
  const response = await mock.getArtefact(id)
  await expectError(response, 400)
})

test.each([
  ['an unknown v4 id', SEED.unknown],
  ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['a UUID of no RFC version', 'abcdefab-cdef-abcd-efab-cdefabcdefab'],
])('answers 404 for %s', async (_case, id) => {
  const mock = startMock()
  await expectError(await mock.getArtefact(id), 404)
})

test('answers the self link on the origin the request was sent to', async () => {
  const mock = startMock()
  const body = await (await mock.api(`https://api.example.test${ARTEFACT}/${SEED.draft}`)).json()
  expect(body.links).toStrictEqual([
    { href: `https://api.example.test${ARTEFACT}/${SEED.draft}`, rel: 'self', type: 'GET' },
  ])
})

test('answers the same body each time it is read', async () => {
  const mock = startMock()
  const first = await (await mock.getArtefact(SEED.published)).json()
  mock.advance(86_400_000)
  expect(await (await mock.getArtefact(SEED.published)).json()).toStrictEqual(first)
})
