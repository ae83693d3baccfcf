/**
 * fast-check arbitraries for the mock's property tests: request bodies that
 * follow (or break, one field at a time) the request schemas and the data-set
 * rules of behaviour §5 and 6, path ids, header values with known verdicts, and
 * the mock's conditions. Test support only: nothing outside tests imports it.
 */
import fc from 'fast-check'
import { seedArtefacts } from '../data/artefacts.ts'
import { seedCategories } from '../data/categories.ts'

export type Body = Record<string, unknown>

/** Names and queries are compared trimmed and case-insensitively (behaviour §6). */
export const fold = (text: unknown) => (typeof text === 'string' ? text.trim().toLowerCase() : '')
const seedNames = new Set(seedCategories.map((category) => fold(category.name)))
/** Entries in order; `Object.fromEntries` keeps `__proto__` as an own key. */
const build = (entries: Array<[string, unknown]>): Body => Object.fromEntries(entries)
const insertAt = <T>(list: readonly T[], at: number, item: T): T[] => {
  const index = at % (list.length + 1)
  return [...list.slice(0, index), item, ...list.slice(index)]
}
const field = (body: Body, key: string) => (Object.hasOwn(body, key) ? body[key] : undefined)
const withField = (body: Body, key: string, value: unknown): Body =>
  build([...Object.entries(body).filter(([k]) => k !== key), [key, value]])
const without = (body: Body, ...keys: string[]): Body => build(Object.entries(body).filter(([k]) => !keys.includes(k)))

// ------------------------------------------------------------------ strings

const space = fc.constantFrom('', '', '', ' ', '  ', '\t', '\n', ' \t ')
export const padded = (text: fc.Arbitrary<string>) => fc.tuple(space, text, space).map(([a, t, b]) => a + t + b)
const blank = fc.constantFrom('', ' ', '   ', '\t\n')
const nonBlank = (maxLength = 30) => fc.string({ minLength: 1, maxLength }).filter((text) => text.trim() !== '')
const anyText = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 8 }))
/** Flips the case of ASCII letters only, so the fold of the result is the fold of the input. */
export const caseVariant = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((flips) =>
      [...text]
        .map((char, i) =>
          flips[i] && /[a-z]/i.test(char)
            ? char === char.toLowerCase()
              ? char.toUpperCase()
              : char.toLowerCase()
            : char,
        )
        .join(''),
    )
const html = fc
  .array(
    fc.oneof(
      fc.constantFrom('<p>', '</p>', '<br>', '<b>', '</b>', '&amp;', '&lt;x&gt;', '&nbsp;', '<!-- c -->', '\n'),
      nonBlank(12),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''))
// Whitespace-only text is left out of both classes: only '' is surely missing.
const itemText = fc
  .oneof(
    { weight: 3, arbitrary: nonBlank() },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }) },
    { weight: 2, arbitrary: html },
  )
  .filter((text) => text.trim() !== '')
const address = fc.oneof(fc.webUrl(), nonBlank(20))

// ------------------------------------------------------------ valid bodies

const TEXT_TYPES = [
  'text/html',
  'text/plain',
  'text/markdown',
  'text/html; charset=utf-8',
  'Text/HTML',
  'TEXT/PLAIN',
  'text/csv',
]
const OTHER_TYPES = [
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

type Address = 'source' | 'href'
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
const extras = fc.uniqueArray(
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

// --------------------------------------------------- near-valid: one break

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

// ---------------------------------------------------------- category bodies

export const freshCategoryName = fc
  .oneof(
    { weight: 5, arbitrary: padded(nonBlank(40)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'Getting started!',
        'Billing',
      ),
    },
    { weight: 1, arbitrary: padded(fc.constantFrom('c'.repeat(128), '\u{1F600}'.repeat(64))) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }) },
  )
  .filter((name) => name.trim() !== '' && name.trim().length <= 128 && !seedNames.has(fold(name)))

/** A create-category body: fresh, taken (a seed name in another case), or of the wrong shape. */
export const categoryBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 5, arbitrary: freshCategoryName.map((name) => ({ name })) },
  {
    weight: 1,
    arbitrary: fc.tuple(freshCategoryName, extras).map(([name, extra]) => build([...extra, ['name', name]])),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...seedCategories)
      .chain((c) => padded(caseVariant(c.name)))
      .map((name) => ({ name })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom<unknown>(null, 5, true, [], {}, ['a'], '\u{1F600}'.repeat(65)),
        blank,
        fc.integer({ min: 129, max: 200 }).map((n) => ` ${'n'.repeat(n)} `),
      )
      .map((name) => ({ name })),
  },
  { weight: 1, arbitrary: fc.constantFrom<Body>({}, { categoryName: 'x' }, { Name: 'x' }) },
)

// ------------------------------------------------------------------ encoding

const encoder = new TextEncoder()
/** Bytes as fetch takes them (`BodyInit` wants an ArrayBuffer-backed view). */
export type Bytes = Uint8Array<ArrayBuffer>
export const utf8 = (text: string): Bytes => encoder.encode(text)
/** A JSON object as bytes, compact or pretty, sometimes with surrounding white space. */
export const jsonBytes = (body: unknown) =>
  fc
    .constantFrom(0, 0, 2, -1)
    .map((style) => utf8(style < 0 ? ` \n${JSON.stringify(body)}\r\n` : JSON.stringify(body, null, style)))

/** Anything but a JSON object: 400 when it is not JSON or not an object, else judged by the schema. */
export const randomBodyBytes: fc.Arbitrary<Bytes> = fc.oneof(
  fc.json({ maxDepth: 3 }).map(utf8),
  fc.jsonValue({ maxDepth: 2 }).map((value) => utf8(JSON.stringify(value))),
  fc.string({ unit: 'binary', maxLength: 40 }).map(utf8),
  fc.uint8Array({ maxLength: 64 }),
  fc
    .constantFrom(
      '',
      ' ',
      '\n',
      'null',
      '[]',
      '[{"title":"x"}]',
      '"x"',
      '1',
      'true',
      '{',
      '{"title":',
      "{'title':'x'}",
      '{"title":"x",}',
      '{"title":"x"}{}',
    )
    .map(utf8),
  fc.constantFrom(
    new Uint8Array([0xef, 0xbb, 0xbf]),
    new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
    new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  ),
)

// ----------------------------------------------------------------- path ids

export const seedIds = seedArtefacts.map((artefact) => artefact.id)
/** A path segment that is not a dot segment (those would leave the prefix). */
const segment = fc
  .string({ minLength: 1, maxLength: 12 })
  .filter((s) => s !== '.' && s !== '..')
  .map(encodeURIComponent)
export const extraSegment = fc.oneof(segment, fc.uuid({ version: 4 }), fc.constantFrom('links', 'x', '%2F', 'artefact'))

/**
 * An id for `GET /artefact/{id}`: stored (data set, any case, or `{created}`
 * which the test replaces by an artefact it created), well-formed but not
 * stored (404), or not a UUID at all (400).
 */
export const pathId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...seedIds) },
  { weight: 2, arbitrary: fc.constantFrom(...seedIds).chain(caseVariant) },
  { weight: 2, arbitrary: fc.constantFrom('{created}', '{CREATED}') },
  { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
  { weight: 1, arbitrary: fc.uuid({ version: 4 }).map((id) => id.toUpperCase()) },
  { weight: 1, arbitrary: fc.uuid({ version: [1, 2, 3, 5, 6, 7, 8] }) },
  {
    weight: 1,
    arbitrary: fc.stringMatching(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  },
  { weight: 2, arbitrary: segment },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom(...seedIds)), fc.nat())
      .map(
        ([id, n]) =>
          [
            `${id}%2F${id}`,
            `%2F${id}`,
            `${id}%2f`,
            `..%2F${id}`,
            `${id}x`,
            id.slice(1),
            `%7B${id}%7D`,
            id.replaceAll('-', ''),
            `${id.slice(0, -1)}g`,
            `%20${id}`,
            `${id}-0`,
          ][n % 11]!,
      ),
  },
)

// ------------------------------------------------------------------ headers

/** A header value with the verdict behaviour §3 gives it; `undefined` leaves the header out. */
export interface HeaderChoice {
  value: string | undefined
  ok: boolean
}
const choose = (ok: boolean, values: Array<string | undefined>) =>
  fc.constantFrom(...values).map((value): HeaderChoice => ({ value, ok }))
export const acceptHeader = fc.oneof(
  { weight: 10, arbitrary: choose(true, [undefined]) },
  {
    weight: 3,
    arbitrary: choose(true, [
      '*/*',
      'application/json',
      'application/*',
      'application/json; charset=utf-8',
      'application/json;q=0.5',
      '*/*;q=0.1',
      'APPLICATION/JSON',
      'application/json, */*;q=0.8',
      'application/json, application/*;q=0.9, */*;q=0.1',
      '',
      '  ',
      'application/json;q=1.000',
      'application/json , */*',
      '*/* ; q=0.001',
      'application/json;Q=0.5',
      'application/json,',
      ', application/json',
      'application/json;',
      'application/json; charset=utf-8;',
    ]),
  },
  {
    weight: 2,
    arbitrary: choose(false, [
      'text/html',
      'text/*',
      'application/xml',
      'application/json, text/plain',
      'application/json;q=0',
      '*/*;q=0',
      'application/json;q=0.000',
      'image/png',
      'text/html, application/json',
      'application/problem+json',
      'application/json-seq',
      '*/json',
      'json',
      'application',
      'application/json;q=0, */*',
      'application/*;q=0',
      'text/html;q=0.1, */*',
    ]),
  },
)
export const contentTypeHeader = fc.oneof(
  { weight: 7, arbitrary: choose(true, ['application/json']) },
  { weight: 2, arbitrary: choose(true, [undefined]) },
  {
    weight: 2,
    arbitrary: choose(true, [
      'application/json; charset=utf-8',
      'Application/JSON;charset=UTF-8',
      'application/json;charset="utf-8"',
      'APPLICATION/JSON',
      'application/json ; charset=utf-8',
      'application/json;',
    ]),
  },
  {
    weight: 2,
    arbitrary: choose(false, [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'application/json-patch+json',
      'application/merge-patch+json',
      'application/*',
      '*/*',
      'garbage',
      'application/jsonx',
      'text/json',
      'application/vnd.api+json',
      'json',
    ]),
  },
)

/** The spec's error table, written out again so the tests do not trust the code's copy. */
export const SPEC_MESSAGES = {
  400: 'Bad Request',
  403: 'Out of call volume quota',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
} as const
export type SpecStatus = keyof typeof SPEC_MESSAGES
/** The same table, looked up by any number. */
/** The spec's table keyed by any number, for lookups of a status not yet known to be an error status. */
export const SPEC_ERRORS: Readonly<Record<number, string>> = { ...SPEC_MESSAGES }
const TABLE = Object.keys(SPEC_ERRORS)

/** `Prefer: code=<value>`: `forced` is the status it forces, null when it must be 400 (behaviour §9). */
export const preferHeader = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...TABLE) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '200',
          '201',
          '204',
          '500',
          '302',
          '4O4',
          '0404',
          '404.0',
          '',
          '40',
          '4040',
          '-404',
          '+404',
        ),
      },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 999 }).map(String) },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9.-]{0,6}$/) },
    ),
    fc.constantFrom('code=%', 'code=%', 'respond-async, code=%', 'code=%, wait=10', 'code="%"', 'code=%; foo=bar'),
  )
  .map(([value, form]) => ({ value: form.replace('%', value), forced: TABLE.includes(value) ? Number(value) : null }))

// --------------------------------------------------------------- conditions

export interface Conditions {
  maintenance: boolean
  retryAfterSeconds: number
  quota: number | null
  rateLimit: { calls: number; windowSeconds: number } | null
  /** Calls counted before the request under test. */
  preCalls: number
  bodyLimitBytes: number
}
export const NO_LIMITS: Conditions = {
  maintenance: false,
  retryAfterSeconds: 30,
  quota: null,
  rateLimit: null,
  preCalls: 0,
  bodyLimitBytes: 1024 * 1024,
}
export const conditions: fc.Arbitrary<Conditions> = fc.oneof(
  { weight: 17, arbitrary: fc.constant(NO_LIMITS) },
  {
    weight: 3,
    arbitrary: fc.record({
      maintenance: fc.constantFrom(false, false, false, true),
      retryAfterSeconds: fc.integer({ min: 0, max: 86_400 }),
      quota: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      rateLimit: fc.option(
        fc.record({ calls: fc.integer({ min: 1, max: 3 }), windowSeconds: fc.integer({ min: 60, max: 86_400 }) }),
        { nil: null },
      ),
      preCalls: fc.integer({ min: 0, max: 4 }),
      bodyLimitBytes: fc.oneof(fc.constant(1024 * 1024), fc.integer({ min: 1, max: 300 })),
    }),
  },
)

// -------------------------------------------------------------- requests

const ANY_METHOD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']
export const method = (right: string) =>
  fc.oneof({ weight: 14, arbitrary: fc.constant(right) }, { weight: 2, arbitrary: fc.constantFrom(...ANY_METHOD) })

/** `isDraft` present once with true/false, absent, garbage, repeated; plus random keys. */
export const query = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constant([] as string[]) },
      { weight: 3, arbitrary: fc.constantFrom(['isDraft=true'], ['isDraft=false']) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          ['isDraft=TRUE'],
          ['isDraft=1'],
          ['isDraft='],
          ['isDraft'],
          ['isDraft=yes'],
          ['isDraft=%20true'],
          ['isDraft=true%20'],
          ['is%44raft=maybe'],
          ['isdraft=maybe'],
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          ['isDraft=true', 'isDraft=true'],
          ['isDraft=true', 'isDraft=false'],
          ['isDraft=false', 'isDraft='],
        ),
      },
    ),
    fc.array(
      fc
        .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
      { maxLength: 2 },
    ),
    fc.nat(),
  )
  .map(([draft, random, at]) => {
    const parts = draft.reduce((list, part) => insertAt(list, at, part), random)
    return parts.length === 0 ? '' : `?${parts.join('&')}`
  })

/** Paths under the prefix that name no resource (404), for any operation. */
export const unknownPath = fc.oneof(
  fc.constantFrom(
    '/',
    '/resources',
    '/resources/',
    '/resources/artefacts',
    '/resources/category',
    '/resources/artefact-category',
    '//resources/artefact',
    '/v3/resources/artefact',
  ),
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.join('/')}`),
)
