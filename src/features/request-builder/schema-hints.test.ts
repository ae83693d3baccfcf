import { expect, test } from 'vitest'
import { CreateArtefactRequest, CreateCategoryRequest } from '#mocks/internal.ts'
import { locate, parsePath, schemaHints, syntaxError } from './schema-hints.ts'

test('says title is required when it is missing', () => {
  expect(schemaHints('{"content": []}', CreateArtefactRequest)).toEqual([
    { from: 0, to: 1, message: 'title: is required' },
  ])
})

test('points at the offending key', () => {
  const text = '{"title": "x", "productDocumentId": 1.5}'
  const [hint] = schemaHints(text, CreateArtefactRequest)
  expect(hint?.message).toMatch(/^productDocumentId: /)
  expect(text.slice(hint!.from, hint!.to)).toBe('"productDocumentId"')
})

test('gives no hint for a body that fits, or one that is not JSON', () => {
  expect(schemaHints('{"name": "Tips"}', CreateCategoryRequest)).toEqual([])
  expect(schemaHints('{"name": ', CreateCategoryRequest)).toEqual([])
})

test('says a JSON array is not an object', () => {
  expect(schemaHints('[]', CreateCategoryRequest)[0]?.message).toContain('must be a JSON object')
})

test('reports the syntax error of malformed JSON', () => {
  expect(syntaxError('{"a": 1}')).toBeNull()
  expect(syntaxError('{"a": ')).toEqual(expect.any(String))
})

test('points a nested path at the key inside its parent', () => {
  const text = '{"channels": [{"id": 1}], "category": {"id": 99}}'
  const { from, to } = locate(text, parsePath('category.id'))
  expect(from).toBe(text.lastIndexOf('"id"'))
  expect(text.slice(from, to)).toBe('"id"')
  expect(parsePath('variations[1].content[0]')).toEqual(['variations', 1, 'content', 0])
})
