import { expect, test } from 'vitest'
import { seedCategories } from '../data/categories.ts'
import { CATEGORY, expectError, startMock } from '../testing/support.ts'

const highestSeedId = Math.max(...seedCategories.map((category) => category.id))

test('answers 201 with the new id and the trimmed name', async () => {
  const mock = startMock()
  const response = await mock.post(CATEGORY, { name: '  Gardening tips  ' })
  expect(response.status).toBe(201)
  expect(response.headers.get('Content-Type')).toBe('application/json')
  expect(await response.json()).toStrictEqual({ categoryId: highestSeedId + 1, categoryName: 'Gardening tips' })
})

test('continues category ids after the data set, one by one', async () => {
  const mock = startMock()
  const ids: number[] = []
  for (const name of ['One', 'Two', 'Three']) ids.push((await (await mock.post(CATEGORY, { name })).json()).categoryId)
  expect(ids).toStrictEqual([highestSeedId + 1, highestSeedId + 2, highestSeedId + 3])
})

test('does not spend an id on a refused category', async () => {
  const mock = startMock()
  await expectError(await mock.post(CATEGORY, { name: '' }), 422)
  await expectError(await mock.post(CATEGORY, { name: 'getting started' }), 422)
  expect((await (await mock.post(CATEGORY, { name: 'Next' })).json()).categoryId).toBe(highestSeedId + 1)
})

test('stores the category with the clock as both dates', async () => {
  const mock = startMock()
  mock.advance(60_000)
  const { categoryId } = await (await mock.post(CATEGORY, { name: 'Dated' })).json()
  const stamp = new Date(mock.clock.now).toISOString()
  expect(mock.store.getCategory(categoryId)).toStrictEqual({
    id: categoryId,
    name: 'Dated',
    dateCreated: stamp,
    dateModified: stamp,
  })
})

test('accepts a name of 128 characters after trimming', async () => {
  const mock = startMock()
  const name = 'n'.repeat(128)
  const response = await mock.post(CATEGORY, { name: `  ${name}  ` })
  expect(response.status).toBe(201)
  expect((await response.json()).categoryName).toBe(name)
})

test('ignores unknown fields', async () => {
  const mock = startMock()
  expect((await mock.post(CATEGORY, { name: 'Extra', id: 99, colour: 'red' })).status).toBe(201)
  expect(mock.store.getCategory(99)).toBeUndefined()
})

test.each([
  ['name is missing', {}],
  ['name is null', { name: null }],
  ['name is empty', { name: '' }],
  ['name is white space', { name: '   ' }],
  ['name is 129 characters', { name: 'n'.repeat(129) }],
  ['name is 129 UTF-16 units', { name: `${'n'.repeat(127)}\u{1F600}` }],
  ['name is a number', { name: 12 }],
  ['name is an array', { name: ['Gardening'] }],
  ['name is taken', { name: 'Getting started' }],
  ['name is taken in another case', { name: 'GETTING STARTED' }],
  ['name is taken once trimmed', { name: '  billing & plans ' }],
])('answers 422 and stores nothing when %s', async (_rule, body) => {
  const mock = startMock()
  const before = mock.contents()
  await expectError(await mock.post(CATEGORY, body), 422)
  expect(mock.contents()).toStrictEqual(before)
})

test('answers 422 when the name was taken by a category created earlier', async () => {
  const mock = startMock()
  expect((await mock.post(CATEGORY, { name: 'Gardening' })).status).toBe(201)
  const before = mock.contents()
  await expectError(await mock.post(CATEGORY, { name: 'gardening' }), 422)
  expect(mock.contents()).toStrictEqual(before)
})

test('gives concurrent creates distinct ids', async () => {
  const mock = startMock()
  const names = ['A', 'B', 'C', 'D', 'E']
  const answers = await Promise.all(names.map(async (name) => (await mock.post(CATEGORY, { name })).json()))
  expect(answers.map((answer) => answer.categoryId as number).sort((a, b) => a - b)).toStrictEqual([7, 8, 9, 10, 11])
})

test('lets only one of two concurrent creates take a name', async () => {
  const mock = startMock()
  const responses = await Promise.all([mock.post(CATEGORY, { name: 'Twin' }), mock.post(CATEGORY, { name: 'TWIN' })])
  expect(responses.map((response) => response.status).sort()).toStrictEqual([201, 422])
})
