import { expect, test } from 'vitest'
import { OPERATIONS as REGISTRY } from '#mocks/internal.ts'
import { listCategories, WITH_FOURTH } from '#mocks/testing/fourth-operation.ts'
import { catalogueOf, OPERATIONS, SUITES } from './catalogue.ts'

test('lists the registry operations in its order, with their success status and schemas', () => {
  expect(OPERATIONS.map((operation) => operation.id)).toEqual(REGISTRY.map((operation) => operation.name))
  expect(
    OPERATIONS.map((operation) => [operation.id, operation.method, operation.path, operation.successStatus]),
  ).toEqual(
    expect.arrayContaining([
      ['createArtefact', 'POST', '/resources/artefact', 200],
      ['createCategory', 'POST', '/resources/artefactcategory', 201],
      ['getArtefact', 'GET', '/resources/artefact/{id}', 200],
    ]),
  )
  expect(OPERATIONS.map((operation) => operation.successSchema)).toEqual(
    REGISTRY.map((operation) => operation.success.schema),
  )
})

test("lists each operation's suite once, in version order", () => {
  expect([...SUITES].sort()).toEqual([...new Set(REGISTRY.map((operation) => operation.suite))].sort())
  expect(SUITES.filter((suite) => ['3.4.0', '3.5.0', '3.7.0'].includes(suite))).toEqual(['3.4.0', '3.5.0', '3.7.0'])
})

test('lists a fourth operation added to the registry, with what the builder and the viewer need', () => {
  const catalogue = catalogueOf(WITH_FOURTH)
  expect(catalogue.map((operation) => operation.id)).toEqual([
    'createArtefact',
    'createCategory',
    'getArtefact',
    'listCategories',
  ])
  expect(catalogue.at(-1)).toMatchObject({
    id: 'listCategories',
    method: 'GET',
    path: '/resources/artefactcategory',
    title: 'List the artefact categories',
    label: 'List categories',
    suite: '3.8.0',
    successStatus: 200,
    successName: 'Category list',
    requestSchema: null,
    successSchema: listCategories.success.schema,
    query: [],
  })
  expect(catalogue.at(-1)?.exampleBody()).toBe('')
})
