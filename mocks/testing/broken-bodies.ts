/**
 * Create-artefact bodies one step from valid: one field of the wrong type or shape (422), or
 * one data-set rule broken (200 with `hasErrors`, behaviour §5 and 6). Test support only.
 */
import fc from 'fast-check'
import { seedCategories } from '../data/categories.ts'
import { type Address, contentItem, META_KEYS, OTHER_TYPES, TEXT_TYPES, validArtefactBody } from './artefact-bodies.ts'
import {
  address,
  anyText,
  blank,
  type Body,
  build,
  caseVariant,
  field,
  insertAt,
  nonBlank,
  padded,
  withField,
  without,
} from './body-text.ts'
import { seedNames } from './category-bodies.ts'
import { fold } from './oracle.ts'

/** A valid body with one field of the wrong type or shape: 422 (behaviour §5). */
export const schemaBrokenBody: fc.Arbitrary<Body> = fc.tuple(validArtefactBody, fc.nat()).chain(([body, at]) => {
  const wrong = fc.oneof(
    fc.integer(),
    fc.boolean(),
    fc.constant({}),
    fc.constant(['x']),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
  )
  const list = (key: string) => (Array.isArray(field(body, key)) ? (field(body, key) as unknown[]) : [])
  const badItem = fc.oneof(
    fc.constantFrom(
      { text: 'x', source: 'y' },
      { mediaType: '', text: 'x' },
      { mediaType: 5, text: 'x' },
      { mediaType: null, text: 'x' },
      'item',
      7,
      null,
    ),
    fc.constantFrom(
      { mediaType: 'text/plain', text: 5 },
      { mediaType: 'image/png', source: ['x'] },
      { mediaType: 'image/png', source: 'x', resourceLocation: true },
    ),
  )
  return fc.oneof(
    fc
      .oneof(
        wrong,
        fc.constant(null),
        blank,
        fc.integer({ min: 513, max: 600 }).chain((n) => padded(fc.constant('t'.repeat(n)))),
        fc.constant('\u{1F600}'.repeat(257)),
      )
      .map((t) => withField(body, 'title', t)),
    fc.constant(without(body, 'title')),
    fc
      .oneof(
        wrong.filter((v) => !Array.isArray(v)),
        fc.constant('text'),
      )
      .map((v) => withField(body, 'content', v)),
    badItem.map((item) => withField(body, 'content', insertAt(list('content'), at, item))),
    fc
      .constantFrom<unknown>(
        'v',
        { content: 'x' },
        { channels: [{ id: 1.5 }] },
        { channels: [{ id: '1' }] },
        { channels: [{ id: 1, name: 5 }] },
        { content: [{ mediaType: '' }] },
      )
      .map((v) => withField(body, 'variations', insertAt(list('variations'), at, v))),
    fc
      .constantFrom<unknown>('Getting started', 5, [], {}, { id: '1' }, { id: 1.5 }, { name: 5 }, { id: 1, name: 7 })
      .map((c) => withField(body, 'category', c)),
    fc.constantFrom<unknown>(5, true, [], {}).map((q) => withField(body, 'primaryQuery', q)),
    fc
      .constantFrom<unknown>('q', { query: 5 }, { query: [] }, 5)
      .map((q) => withField(body, 'queryVariations', insertAt(list('queryVariations'), at, q))),
    fc.constantFrom<unknown>(1.5, '12', true, [], {}).map((id) => withField(body, 'productDocumentId', id)),
    fc
      .constantFrom<unknown>(2.5, '3')
      .map((v) => withField(withField(body, 'productDocumentId', 1), 'productDocumentVersion', v)),
    fc.constantFrom<unknown>([], 'm', 5, true).map((m) => withField(body, 'metaData', m)),
    fc
      .tuple(
        fc.constantFrom(...META_KEYS),
        fc.constantFrom<unknown>(
          { values: 'x', dataType: 's' },
          { values: [1], dataType: 's' },
          { values: ['a'], dataType: 5 },
          'entry',
          5,
          [],
        ),
      )
      .map(([key, entry]) => withField(body, 'metaData', build([[key, entry]]))),
  )
})

export interface RuleBroken {
  body: Body
  /** The field path the one error sentence must name (behaviour §6). */
  path: string
}

const otherName = (name: string) => nonBlank(20).filter((n) => fold(n) !== fold(name))
/** Content text and addresses are kept exactly as sent, so only absent, null or '' is missing (behaviour §5, 6). */
const missing = fc.constantFrom(null, '')
const badContent = (key: Address) =>
  fc
    .oneof(
      fc.record(
        { mediaType: fc.constantFrom(...TEXT_TYPES), text: missing, [key]: anyText },
        { requiredKeys: ['mediaType'] },
      ),
      fc.record(
        {
          mediaType: fc.constantFrom(...OTHER_TYPES),
          [key]: missing,
          text: anyText,
          [key === 'href' ? 'source' : 'href']: address,
        },
        { requiredKeys: ['mediaType'] },
      ),
    )
    .map((item) => build(Object.entries(item)))

/** Repeats a query (case-flipped, padded) at `at`; the later of the two is the offending item. */
function duplicateQuery(body: Body, at: number): fc.Arbitrary<RuleBroken> {
  const queries = (Array.isArray(field(body, 'queryVariations')) ? field(body, 'queryVariations') : []) as Array<{
    query: string
  }>
  const filled = queries.filter((q) => q.query.trim() !== '')
  const base: fc.Arbitrary<Array<{ query: string }>> =
    filled.length > 0
      ? fc.constant(queries)
      : nonBlank(20)
          .filter((q) => fold(q) !== fold(field(body, 'primaryQuery')))
          .map((q) => [...queries, { query: q }])
  return base.chain((list) => {
    const k = list.findIndex((q) => q.query.trim() !== '')
    return padded(caseVariant(list[k]!.query)).map((copy) => {
      const index = at % (list.length + 1)
      const later = index <= k ? k + 1 : index
      return {
        body: withField(body, 'queryVariations', insertAt(list, index, { query: copy })),
        path: `queryVariations[${later}]`,
      }
    })
  })
}

/** A body that fits the schema but breaks exactly one data-set rule: 200, hasErrors, one sentence. */
export const ruleBrokenBody: fc.Arbitrary<RuleBroken> = fc
  .tuple(validArtefactBody, fc.nat(), fc.nat())
  .chain(([body, at, at2]) => {
    const list = (key: string) => (Array.isArray(field(body, key)) ? (field(body, key) as unknown[]) : [])
    const category = (ref: unknown) => ({ body: withField(body, 'category', ref), path: 'category' })
    const queries = list('queryVariations') as Array<{ query: string }>
    return fc.oneof(
      fc
        .oneof(fc.integer({ min: 7, max: 1_000_000 }), fc.integer({ min: -1000, max: 0 }))
        .map((id) => category({ id })),
      fc.constantFrom(...seedCategories).chain((c) => otherName(c.name).map((name) => category({ id: c.id, name }))),
      nonBlank(20)
        .filter((name) => !seedNames.has(fold(name)))
        .map((name) => category({ name })),
      badContent('source').map((item) => ({
        body: withField(body, 'content', insertAt(list('content'), at, item)),
        path: `content[${at % (list('content').length + 1)}]`,
      })),
      fc.tuple(fc.array(contentItem('href'), { maxLength: 2 }), badContent('href')).map(([items, bad]) => {
        const j = at2 % (items.length + 1)
        const i = at % (list('variations').length + 1)
        const broken = build([['content', insertAt(items, j, bad)]])
        return {
          body: withField(body, 'variations', insertAt(list('variations'), i, broken)),
          path: `variations[${i}].content[${j}]`,
        }
      }),
      duplicateQuery(body, at),
      nonBlank(20)
        .filter((p) => !queries.some((q) => fold(q.query) === fold(p)))
        .chain((primary) => padded(caseVariant(primary)).map((copy) => ({ primary, copy })))
        .map(({ primary, copy }) => ({
          body: withField(
            withField(body, 'primaryQuery', primary),
            'queryVariations',
            insertAt(queries, at, { query: copy }),
          ),
          path: `queryVariations[${at % (queries.length + 1)}]`,
        })),
      fc.tuple(fc.integer(), fc.boolean()).map(([version, asNull]) => ({
        body: withField(
          asNull ? withField(body, 'productDocumentId', null) : without(body, 'productDocumentId'),
          'productDocumentVersion',
          version,
        ),
        path: 'productDocumentVersion',
      })),
    )
  })
