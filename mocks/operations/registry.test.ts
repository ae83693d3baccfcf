import { expect, test } from 'vitest'
import * as z from 'zod/mini'
import { OPERATIONS } from './registry.ts'

test('every operation has its own name and its own method on its path', () => {
  expect(new Set(OPERATIONS.map((operation) => operation.name)).size).toBe(OPERATIONS.length)
  expect(new Set(OPERATIONS.map((operation) => `${operation.method} ${operation.path}`)).size).toBe(OPERATIONS.length)
})

test('every example fits its operation request schema', () => {
  for (const operation of OPERATIONS) {
    const example = operation.example?.()
    expect(example === undefined, `${operation.name}: an example exactly when it takes a body`).toBe(
      operation.request === null,
    )
    if (operation.request) expect(z.safeParse(operation.request, example).success, operation.name).toBe(true)
  }
})

test('every success schema and request schema has an OpenAPI id', () => {
  for (const operation of OPERATIONS) {
    expect(z.globalRegistry.get(operation.success.schema)?.id, operation.name).toMatch(/^[A-Z]/)
    if (operation.request) expect(z.globalRegistry.get(operation.request)?.id, operation.name).toMatch(/^[A-Z]/)
  }
})
