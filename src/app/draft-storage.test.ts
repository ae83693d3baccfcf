import { expect, test } from 'vitest'
import { exampleDraft } from '../features/operations/examples.ts'
import { parseSavedDrafts } from './draft-storage.ts'

const CREATED = '5f3c1a2e-9b7d-4c3e-8a51-2d8f4e6b7c10'

test('reads back the drafts, the current operation and the last created id it saved', () => {
  const create = {
    ...exampleDraft('createArtefact'),
    body: '{"title": "Mine"}',
    isDraft: { mode: 'value', value: 'true' } as const,
  }
  const saved = JSON.stringify({ current: 'createArtefact', drafts: { createArtefact: create }, lastCreated: CREATED })
  expect(parseSavedDrafts(saved)).toEqual({
    current: 'createArtefact',
    drafts: { createArtefact: create },
    lastCreated: CREATED,
  })
})

test('drops a draft that does not fit, or that is filed under another operation, and keeps the rest', () => {
  const get = exampleDraft('getArtefact')
  const saved = JSON.stringify({
    current: 'deleteEverything',
    drafts: { getArtefact: get, createCategory: { operation: 'createCategory', body: 3 }, createArtefact: get },
    lastCreated: 'not an id',
  })
  expect(parseSavedDrafts(saved)).toEqual({ current: null, drafts: { getArtefact: get }, lastCreated: null })
})

test('reads nothing from text that is not JSON, or from a __proto__ key', () => {
  expect(parseSavedDrafts('{"drafts": ')).toEqual({ current: null, drafts: {}, lastCreated: null })
  const polluted = parseSavedDrafts('{"drafts": {"__proto__": {"polluted": true}}}')
  expect(polluted.drafts).toEqual({})
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})
