import fc from 'fast-check'
import { expect, test } from 'vitest'
import openapi from '../../openapi.json' with { type: 'json' }
import { REQUEST_MESSAGES } from './english.ts'
import { readCreateArtefact } from './request-fast-path.ts'
import { CreateArtefactRequest } from './requests.ts'
import { validArtefactBody } from '../testing/artefact-bodies.ts'
import { schemaBrokenBody } from '../testing/broken-bodies.ts'

const RUNS = 1500
const zodParse = (body: unknown) => CreateArtefactRequest.safeParse(body, REQUEST_MESSAGES)

/**
 * A value as entries in order, with each object's prototype: compares key order, keys held as
 * undefined, and keys named `constructor` (which Vitest's equality reads as the class).
 */
function layout(value: unknown): unknown {
  if (Array.isArray(value)) return { list: value.map(layout) }
  if (typeof value !== 'object' || value === null) return { value }
  return {
    plain: Object.getPrototypeOf(value) === Object.prototype,
    entries: Object.entries(value).map(([key, inner]) => [key, layout(inner)]),
  }
}

/** Every place in `value` a value sits: object fields and array items, as paths. */
function paths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [at]
  const inner = Object.keys(value).flatMap((key) =>
    paths((value as Record<string, unknown>)[key], [...at, Array.isArray(value) ? Number(key) : key]),
  )
  return [at, ...inner]
}

/** A copy of `value` with the value at `path` replaced (own keys only, so `__proto__` stays data). */
function replaced(value: unknown, path: Array<string | number>, by: unknown): unknown {
  if (path.length === 0) return by
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaced(item, rest, by) : item))
  const entries = Object.entries(value as Record<string, unknown>)
  return Object.fromEntries(entries.map(([key, item]) => [key, key === head ? replaced(item, rest, by) : item]))
}

// Values at the edges of what the schema takes: null, blanks, non-integers, unsafe integers, wrong shapes.
const edgeValue = fc.oneof(
  fc.constantFrom(null, '', ' ', '  x  ', 0, -1, 1.5, 2 ** 53, -(2 ** 53), 2 ** 53 - 1, true, [], {}, [null], ['x']),
  fc.jsonValue({ maxDepth: 2 }),
)
/** A valid body with one value anywhere in it, at any depth, replaced by an edge value. */
const mutatedBody = fc.tuple(validArtefactBody, fc.nat(), edgeValue).map(([body, at, by]) => {
  const all = paths(body)
  return replaced(body, all[at % all.length] ?? [], by)
})

test('the fast path takes exactly the bodies the schema takes, and reads them as the schema does', () => {
  fc.assert(
    fc.property(fc.oneof(validArtefactBody, schemaBrokenBody, mutatedBody, fc.jsonValue({ maxDepth: 3 })), (body) => {
      const fast = readCreateArtefact(body)
      const parsed = zodParse(body)
      expect(fast !== undefined).toBe(parsed.success)
      if (parsed.success) expect(layout(fast)).toStrictEqual(layout(parsed.data))
    }),
    { numRuns: RUNS },
  )
})

test('a valid body takes the fast path', () => {
  fc.assert(
    fc.property(validArtefactBody, (body) => {
      expect(readCreateArtefact(body)).toBeDefined()
    }),
    { numRuns: 300 },
  )
})

type JsonSchema = {
  $ref?: string
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  additionalProperties?: JsonSchema | boolean
  items?: JsonSchema
  anyOf?: JsonSchema[]
}
const SCHEMAS = openapi.components.schemas as Record<string, JsonSchema>

/** A value with every field the published schema names filled in, one item per list. */
function fullest(schema: JsonSchema): unknown {
  if (schema.$ref) return fullest(SCHEMAS[schema.$ref.split('/').at(-1) ?? ''] ?? {})
  if (schema.anyOf) return fullest(schema.anyOf.find((branch) => branch.type !== 'null') ?? {})
  const type = [schema.type ?? 'object'].flat().find((t) => t !== 'null')
  if (type === 'array') return [fullest(schema.items ?? {})]
  if (type === 'integer') return 7
  if (type === 'string') return ' text/plain '
  if (typeof schema.additionalProperties === 'object') return { key: fullest(schema.additionalProperties) }
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, fullest(inner)]))
}

test('the fast path reads every field the schema has, at every depth (it fails when the schema gains one)', () => {
  const body = fullest(SCHEMAS.CreateArtefactRequest ?? {})
  const parsed = zodParse(body)
  expect(parsed.success).toBe(true)
  expect(layout(readCreateArtefact(body))).toStrictEqual(layout(parsed.data))
  // The fullest body reaches the nested lists and maps, so their fields are compared too.
  expect(JSON.stringify(parsed.data)).toContain('"channels":[{"id":7,"name":" text/plain "}]')
  expect(JSON.stringify(parsed.data)).toContain('"metaData":{"key":{"values":[" text/plain "]')
})
