/**
 * Create-artefact bodies that fit the request schema and break no data-set rule (behaviour
 * §5 and 6), in every shape the schema allows: absent, null and padded fields, content items
 * of each kind, category references by id or name, prototype-named keys. Test support only.
 */
import fc from 'fast-check'
import { seedCategories } from '../data/categories.ts'
import {
  address,
  anyText,
  type Body,
  build,
  blank,
  caseVariant,
  insertAt,
  itemText,
  nonBlank,
  padded,
} from './body-text.ts'
import { fold } from './oracle.ts'

export const TEXT_TYPES = [
  'text/html',
  'text/plain',
  'text/markdown',
  'text/html; charset=utf-8',
  'Text/HTML',
  'TEXT/PLAIN',
  'text/csv',
]
export const OTHER_TYPES = [
  'image/png',
  'application/pdf',
  'video/mp4',
  'application/json',
  'audio/mpeg',
  'image/svg+xml',
  'texts/plain',
]
/** An optional field: absent (key left out), null (counts as absent), or a value. */
const opt = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null, freq: 6 })

export type Address = 'source' | 'href'
/** A content item that satisfies the schema and the content rule; `text`, `source`, `href` extras are ignored. */
export const contentItem = (key: Address) =>
  fc
    .oneof(
      fc.record(
        {
          mediaType: fc.constantFrom(...TEXT_TYPES),
          text: itemText,
          [key]: opt(anyText),
          resourceLocation: opt(anyText),
        },
        { requiredKeys: ['mediaType', 'text'] },
      ),
      fc.record(
        {
          mediaType: fc.constantFrom(...OTHER_TYPES),
          [key]: padded(address).filter((a) => a.trim() !== ''),
          text: opt(anyText),
          resourceLocation: opt(anyText),
        },
        { requiredKeys: ['mediaType', key] },
      ),
    )
    .map((item) => build(Object.entries(item)))

const channel = fc.record({ id: fc.integer(), name: opt(anyText) }, { requiredKeys: ['id'] })
const variation = fc
  .record(
    {
      content: opt(fc.array(contentItem('href'), { maxLength: 3 })),
      channels: opt(fc.array(channel, { maxLength: 3 })),
    },
    { requiredKeys: [] },
  )
  .map((v) => build(Object.entries(v)))

/** A reference to a stored category by id, by name, or both, in any case and padding. */
export const categoryRef = fc.constantFrom(...seedCategories).chain((category) => {
  const name = padded(caseVariant(category.name))
  return fc.oneof(
    fc.constant({ id: category.id }),
    name.map((n) => ({ id: category.id, name: n })),
    name.map((n) => ({ name: n })),
    name.map((n) => ({ id: null, name: n })),
    fc.constantFrom(null, '', '  ').map((n) => ({ id: category.id, name: n })),
  )
})

export const META_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__defineGetter__',
  'isPrototypeOf',
  '',
  ' ',
  '0',
  '10',
  'a.b',
  'values',
]
const metaEntry = fc.record({
  values: fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  dataType: fc.oneof(fc.constantFrom('string', 'date', 'number', 'boolean', 'tag'), fc.string({ maxLength: 8 })),
})
export const metaData = fc
  .uniqueArray(fc.tuple(fc.oneof(fc.constantFrom(...META_KEYS), fc.string({ maxLength: 10 })), metaEntry), {
    selector: ([key]) => key,
    maxLength: 6,
  })
  .map((entries) => build(entries.map(([key, entry]) => [key, { ...entry }])))

/** Fields the request schema does not know: they are ignored (behaviour §5). */
export const extras = fc.uniqueArray(
  fc.tuple(
    fc.constantFrom(
      'id',
      'links',
      'simpleContent',
      'dateCreated',
      'isDraft',
      'hasErrors',
      '__proto__',
      'constructor',
      'unknownField',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
  { selector: ([key]) => key, maxLength: 2 },
)
const productDocument = fc.oneof(
  fc.constant([] as Array<[string, unknown]>),
  fc.integer().map((id): Array<[string, unknown]> => [['productDocumentId', id]]),
  fc.tuple(fc.integer(), opt(fc.integer())).map(
    ([id, version]): Array<[string, unknown]> => [
      ['productDocumentId', id],
      ['productDocumentVersion', version],
    ],
  ),
  fc.constant<Array<[string, unknown]>>([
    ['productDocumentId', null],
    ['productDocumentVersion', null],
  ]),
  fc.maxSafeInteger().map((id): Array<[string, unknown]> => [['productDocumentId', id]]),
)
/** Queries unique under `fold`, none equal to the primary one; blank ones count as absent. */
const queriesBesides = (primary: unknown) =>
  fc
    .tuple(
      fc.uniqueArray(padded(nonBlank(20)), { selector: fold, maxLength: 5 }),
      fc.array(blank, { maxLength: 2 }),
      fc.nat(),
    )
    .map(([queries, blanks, at]) =>
      blanks.reduce(
        (list, b) => insertAt(list, at, b),
        queries.filter((q) => fold(q) !== fold(primary)),
      ),
    )
    .map((queries) => queries.map((query) => ({ query })))
const title = fc.oneof(
  { weight: 6, arbitrary: padded(nonBlank(40)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).filter((t) => t.trim() !== '') },
  { weight: 1, arbitrary: padded(fc.integer({ min: 500, max: 512 }).map((n) => 'T'.repeat(n))) },
  { weight: 1, arbitrary: fc.constantFrom('\u{1F600}'.repeat(256), '__proto__', 'constructor') },
)

/** A create-artefact body that fits the schema and breaks no data-set rule: 200 with hasErrors false. */
export const validArtefactBody: fc.Arbitrary<Body> = fc
  .record(
    {
      title,
      content: opt(fc.array(contentItem('source'), { maxLength: 4 })),
      variations: opt(fc.array(variation, { maxLength: 3 })),
      category: opt(categoryRef),
      primaryQuery: opt(padded(fc.string({ maxLength: 20 }))),
      metaData: opt(metaData),
    },
    { requiredKeys: ['title'] },
  )
  .chain((fields) =>
    fc
      .tuple(fc.option(queriesBesides(fields.primaryQuery), { nil: undefined }), productDocument, extras)
      .map(([queries, product, extra]) =>
        build([
          ...extra,
          ...Object.entries(fields),
          ...(queries === undefined ? [] : ([['queryVariations', queries]] as Array<[string, unknown]>)),
          ...product,
        ]),
      ),
  )
