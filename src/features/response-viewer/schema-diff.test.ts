import { expect, test } from 'vitest'
import {
  Artefact,
  buildSeed,
  CreateArtefactResponse,
  ErrorBody,
  seedArtefacts,
  seedCategories,
} from '#mocks/internal.ts'
import { diffAgainstSchema } from './schema-diff.ts'

test('finds no difference in a body that fits', () => {
  const body = { responseId: '0a1e0001-5c0f-4a11-9c00-000000000001', hasErrors: false, errors: [] }
  expect(diffAgainstSchema(CreateArtefactResponse, JSON.stringify(body))).toEqual([])
})

test('finds no difference in a stored artefact with its links', () => {
  const [first] = buildSeed(seedArtefacts, seedCategories)
  const artefact = { ...first!.artefact, links: [{ href: 'http://x/y', rel: 'self', type: 'GET' }] }
  expect(diffAgainstSchema(Artefact, JSON.stringify(artefact))).toEqual([])
})

test('lists a missing field and a wrong type with their paths', () => {
  const body = { responseId: 'not-a-uuid', errors: [1] }
  expect(diffAgainstSchema(CreateArtefactResponse, JSON.stringify(body))).toEqual([
    { path: 'responseId', message: 'must be a UUID' },
    { path: 'hasErrors', message: 'is missing' },
    { path: 'errors[0]', message: expect.stringContaining('string') },
  ])
})

test('flags an extra field in the strict Error body', () => {
  const diff = diffAgainstSchema(ErrorBody, JSON.stringify({ errorCode: '404', message: 'Not Found', extra: 1 }))
  expect(diff).toHaveLength(1)
  expect(diff[0]?.message).toContain('extra')
})

test('says when a body is not JSON', () => {
  expect(diffAgainstSchema(ErrorBody, '<html>')).toEqual([{ path: '(body)', message: 'is not JSON' }])
})
