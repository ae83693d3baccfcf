import { expect, test } from 'vitest'
import { checkRules, CreateArtefactRequest, CreateCategoryRequest, createStore } from '#mocks/internal.ts'
import { exampleBody, exampleDraft } from './examples.ts'

test('the create-artefact example fits the request schema and the rules of the data set', () => {
  const input = CreateArtefactRequest.parse(JSON.parse(exampleBody('createArtefact')))
  expect(checkRules(input, createStore()).errors).toEqual([])
})

test('the create-category example fits the request schema', () => {
  expect(CreateCategoryRequest.safeParse(JSON.parse(exampleBody('createCategory'))).success).toBe(true)
})

test('example bodies are JSON the schemas accept', () => {
  expect(CreateArtefactRequest.safeParse(JSON.parse(exampleBody('createArtefact'))).success).toBe(true)
  expect(CreateCategoryRequest.safeParse(JSON.parse(exampleBody('createCategory'))).success).toBe(true)
  expect(exampleBody('getArtefact')).toBe('')
})

test('a GET draft names an artefact and sends no content type', () => {
  const draft = exampleDraft('getArtefact')
  expect(draft.id).toMatch(/^[0-9a-f-]{36}$/)
  expect(draft.contentType).toEqual({ mode: 'omit' })
})

test('the create-artefact example title varies from one example to the next', () => {
  const titles = new Set(Array.from({ length: 5 }, () => JSON.parse(exampleBody('createArtefact')).title as string))
  expect(titles.size).toBeGreaterThan(1)
  for (const title of titles) expect(title).toMatch(/^Pin a note to the top of a notebook #[0-9a-z]{4}$/)
})
