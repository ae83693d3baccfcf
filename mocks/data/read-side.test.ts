import { expect, test } from 'vitest'
import { createStore } from '../store/store.ts'
import { seedArtefacts } from './artefacts.ts'
import { buildSeed } from './build-seed.ts'
import { seedCategories } from './categories.ts'
import { readSideOfDataSet } from './read-side.ts'

test('the generated read side equals a fresh build of the data set', () => {
  expect(readSideOfDataSet(), 'mocks/data/read-side.ts is stale: run `npm run data:read-side`').toEqual(
    buildSeed(seedArtefacts, seedCategories),
  )
})

test('every call is a fresh copy: a store that changes a record changes no other', () => {
  const first = readSideOfDataSet()
  first[0]!.artefact.title = 'changed'
  expect(readSideOfDataSet()[0]!.artefact.title).not.toBe('changed')
})

test('a store of the built-in data set holds the generated records, one of its own categories builds them anew', () => {
  const store = createStore()
  expect(store.getSnapshot().artefacts).toHaveLength(seedArtefacts.length)
  expect(store.getArtefact(seedArtefacts[0]!.id)).toEqual(
    readSideOfDataSet().find((record) => record.artefact.id === seedArtefacts[0]!.id),
  )
  const touched = seedCategories.map((category) => ({ ...category, dateModified: '2026-11-24T08:00:00Z' }))
  const own = createStore({ seedCategories: touched })
  const withCategory = own.getSnapshot().artefacts.find((record) => record.summary.categoryName !== null)
  expect(own.getArtefact(withCategory!.key)?.artefact.category?.dateModified).toBe('2026-11-24T08:00:00Z')
})
