/**
 * Issue 37 point 14: the OpenAPI document is as strict as the mock. For create artefact and
 * create category, random bodies (valid ones, ones that break a rule of the data set, ones that
 * break the schema, and valid ones with one value swapped for a tricky one) are judged by the
 * checked-in document (its request schema, with ajv's draft 2020-12) and by the mock (its answer):
 * valid in the document exactly when the mock does not answer 400 or 422. The one difference the
 * document states in words is held too: it counts a trimmed text's length in code points, the
 * mock in UTF-16 code units.
 */
import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createControl } from '#mocks/control/control.ts'
import { fromRequest } from '#mocks/contract/incoming.ts'
import { contextFor, dispatcherFor } from '#mocks/handlers/create-handlers.ts'
import { createStore } from '#mocks/store/store.ts'
import { validArtefactBody } from '#mocks/testing/artefact-bodies.ts'
import { type Body, build } from '#mocks/testing/body-text.ts'
import { ruleBrokenBody, schemaBrokenBody } from '#mocks/testing/broken-bodies.ts'
import { categoryBody, seedNames } from '#mocks/testing/category-bodies.ts'
import { fold } from '#mocks/testing/oracle.ts'

const document = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'))
// OpenAPI's own keywords (example, discriminator, ...) are not JSON Schema's: not strict.
const ajv = new Ajv2020({ strict: false, allErrors: false })
addFormats(ajv)
ajv.addSchema({ $id: 'openapi', components: document.components })
const bodySchemaOf = (path: string) => {
  const media = document.paths[`/v3/preview-upcoming/resources/${path}`].post.requestBody.content['application/json']
  return ajv.compile({ $ref: `openapi${media.schema.$ref}` })
}
const DOCUMENT = { artefact: bodySchemaOf('artefact'), artefactcategory: bodySchemaOf('artefactcategory') }

/** The mock's verdict: a 400 or 422 refuses the body; any other answer takes it (a 200 with hasErrors too). */
async function mockTakes(path: keyof typeof DOCUMENT, body: unknown): Promise<{ takes: boolean; status: number }> {
  const dispatch = dispatcherFor(contextFor(createControl({ store: createStore() })))
  const request = new Request(`http://mock.test/v3/preview-upcoming/resources/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await dispatch(fromRequest(request))
  if (!answer) throw new Error('the mock did not answer')
  return { takes: answer.status !== 400 && answer.status !== 422, status: answer.status }
}

/** The difference the document states: a trimmed text within `max` code points but over `max` code units. */
function countedApart(text: unknown, max: number): boolean {
  if (typeof text !== 'string') return false
  const trimmed = text.trim()
  return trimmed.length > max && [...trimmed].length <= max
}

// ------------------------------------------------------------ tricky values

const SPACES = ['', ' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028']
const space = fc.constantFrom(...SPACES)
/** A text around a length bound, padded with any white space trim removes (no characters beyond U+FFFF). */
const aroundBound = (max: number) =>
  fc
    .tuple(space, space, fc.integer({ min: max - 2, max: max + 2 }), fc.constantFrom('a', 'é', '中', ' ', 'x y'))
    .map(([lead, trail, length, unit]) => `${lead}${unit.repeat(length).slice(0, length)}${trail}`)
const tricky: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, '', 0, -1, 1.5, 2 ** 53, true, [], {}, 'x', ' x ', 'text/plain', { id: 1 }),
  fc.constantFrom<unknown>({ name: ' ' }, { id: null, name: null }, { id: 2, name: '' }, [{ query: 1 }], ['a']),
  fc.tuple(space, space).map(([a, b]) => a + b),
  aroundBound(128),
  aroundBound(512),
  fc.jsonValue({ maxDepth: 2 }),
)

/** Every path to a value in `value`, `[]` the whole. */
function pathsIn(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return [at, ...value.flatMap((item, index) => pathsIn(item, [...at, index]))]
  if (value !== null && typeof value === 'object')
    return [at, ...Object.entries(value).flatMap(([key, item]) => pathsIn(item, [...at, key]))]
  return [at]
}

/** `value` with the value at `path` replaced (or, for an object key and `drop`, removed). */
function replaced(value: unknown, path: Array<string | number>, next: unknown, drop: boolean): unknown {
  if (path.length === 0) return next
  const [head, ...rest] = path
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaced(item, rest, next, drop) : item))
  const entries = Object.entries(value as Body)
  if (drop && rest.length === 0) return build(entries.filter(([key]) => key !== head))
  return build(entries.map(([key, item]) => [key, key === head ? replaced(item, rest, next, drop) : item]))
}

/** A body with one value, somewhere in it, swapped for a tricky one or dropped. */
const mutated = (bodies: fc.Arbitrary<Body>) =>
  bodies.chain((body) => {
    const paths = pathsIn(body).filter((path) => path.length > 0)
    if (paths.length === 0) return fc.constant(body)
    return fc
      .tuple(fc.constantFrom(...paths), tricky, fc.boolean())
      .map(([path, next, drop]) => replaced(body, path, next, drop) as Body)
  })

const artefactBodies: fc.Arbitrary<Body> = fc.oneof(
  { weight: 2, arbitrary: validArtefactBody },
  { weight: 1, arbitrary: ruleBrokenBody.map(({ body }) => body) },
  { weight: 2, arbitrary: schemaBrokenBody },
  { weight: 4, arbitrary: mutated(validArtefactBody) },
  { weight: 2, arbitrary: aroundBound(512).map((title) => ({ title })) },
)
const categoryBodies: fc.Arbitrary<Body> = fc
  .oneof(
    { weight: 2, arbitrary: categoryBody },
    { weight: 2, arbitrary: mutated(categoryBody) },
    { weight: 2, arbitrary: aroundBound(128).map((name) => ({ name })) },
  )
  // A name the data set holds is 422 for a reason of the data, not of the schema.
  .filter((body) => typeof body.name !== 'string' || !seedNames.has(fold(body.name)))

async function agree(path: keyof typeof DOCUMENT, body: Body, max: number, text: unknown) {
  const inDocument = DOCUMENT[path](body)
  const { takes, status } = await mockTakes(path, body)
  const why = `${JSON.stringify(body).slice(0, 300)}: document ${inDocument}, mock ${status}`
  if (countedApart(text, max)) expect([inDocument, takes], why).toEqual([true, false])
  else expect(inDocument, why).toBe(takes)
}

test('create artefact: the document and the mock agree on which bodies are valid', async () => {
  await fc.assert(
    fc.asyncProperty(artefactBodies, (body) => agree('artefact', body, 512, body.title)),
    { numRuns: 400, seed: 37_14 },
  )
})

test('create category: the document and the mock agree on which bodies are valid', async () => {
  await fc.assert(
    fc.asyncProperty(categoryBodies, (body) => agree('artefactcategory', body, 128, body.name)),
    { numRuns: 300, seed: 37_14 },
  )
})

test('the cases issue 37 named, and the difference the document states in words', async () => {
  const cases: Array<[keyof typeof DOCUMENT, Body, boolean]> = [
    ['artefact', { title: 'x', category: {} }, false],
    ['artefact', { title: 'x', category: { id: null, name: '   ' } }, false],
    ['artefact', { title: 'x', category: { name: ' Billing & plans ' } }, true],
    ['artefact', { title: '     ' }, false],
    ['artefact', { title: `  ${'t'.repeat(512)}  ` }, true],
    ['artefact', { title: 't'.repeat(513) }, false],
    ['artefact', { title: 'x', content: [{ mediaType: '   ', source: 'a' }] }, false],
    ['artefactcategory', { name: ` ${'n'.repeat(128)}\t` }, true],
    ['artefactcategory', { name: '\u3000' }, false],
  ]
  for (const [path, body, valid] of cases) {
    expect(DOCUMENT[path](body), JSON.stringify(body)).toBe(valid)
    expect((await mockTakes(path, body)).takes, JSON.stringify(body)).toBe(valid)
  }
  const emoji = '\u{1F600}'.repeat(65) // 65 code points, 130 code units
  expect(DOCUMENT.artefactcategory({ name: emoji })).toBe(true)
  expect((await mockTakes('artefactcategory', { name: emoji })).takes).toBe(false)
})
