/**
 * Random requests for the fuzzer: the operations the oracle knows and unknown paths, every
 * method, valid and hostile bodies (raw bytes, unicode, 10,000-character
 * strings, prototype keys), headers, ids (`%2F`, upper case, non-v4), trailing
 * slashes and query strings. Built on the property tests' arbitraries.
 */
import fc from 'fast-check'
import { validArtefactBody } from '../mocks/testing/artefact-bodies.ts'
import { type Bytes, jsonBytes, randomBodyBytes, utf8 } from '../mocks/testing/body-bytes.ts'
import { build } from '../mocks/testing/body-text.ts'
import { ruleBrokenBody, schemaBrokenBody } from '../mocks/testing/broken-bodies.ts'
import { categoryBody as baseCategoryBody } from '../mocks/testing/category-bodies.ts'
import { type Conditions, conditions } from '../mocks/testing/conditions.ts'
import { acceptHeader, contentTypeHeader, preferHeader } from '../mocks/testing/request-headers.ts'
import type { SpecOperation } from '../mocks/testing/oracle.ts'
import { extraSegment, pathId, query, unknownPath } from '../mocks/testing/request-paths.ts'
import { TAUGHT_OPERATIONS } from '../mocks/testing/taught-operations.ts'
import { hostileKey, long, longText, POLLUTION, pct, spiked, unicodeText } from './hostile.ts'

export type Op = SpecOperation | 'unknown'

export interface FuzzCase {
  op: Op
  method: string
  /** After the prefix, query string included; `{created}` names an artefact created earlier in the run. */
  path: string
  headers: Array<[string, string]>
  body: Bytes | undefined
  conditions: Conditions
}

const artefactBody = fc.oneof(
  { weight: 6, arbitrary: validArtefactBody },
  { weight: 3, arbitrary: ruleBrokenBody.map((broken) => broken.body) },
  { weight: 3, arbitrary: schemaBrokenBody },
  { weight: 2, arbitrary: spiked(validArtefactBody) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        title: fc.oneof(longText, unicodeText, fc.constantFrom(...POLLUTION)),
        metaData: fc
          .uniqueArray(
            fc.tuple(
              hostileKey,
              fc.record({
                values: fc.array(fc.oneof(unicodeText, longText), { maxLength: 2 }),
                dataType: fc.oneof(unicodeText, longText),
              }),
            ),
            { selector: ([key]) => key, maxLength: 3 },
          )
          .map(build),
        content: fc.array(
          fc.record({
            mediaType: fc.constantFrom('text/html', 'text/plain', 'image/png'),
            text: fc.oneof(longText, unicodeText),
            source: fc.oneof(longText, unicodeText),
          }),
          { maxLength: 2 },
        ),
        primaryQuery: fc.oneof(longText, unicodeText),
      },
      { requiredKeys: ['title'] },
    ),
  },
)
const categoryBody = fc.oneof(
  { weight: 6, arbitrary: baseCategoryBody },
  { weight: 2, arbitrary: fc.oneof(longText, unicodeText, fc.constantFrom(...POLLUTION)).map((name) => ({ name })) },
  { weight: 1, arbitrary: spiked(baseCategoryBody) },
)
const encoded = (body: fc.Arbitrary<unknown>) => body.chain(jsonBytes)
/** Raw bytes: not JSON, not UTF-8, a JSON text spelling `__proto__` with an escape, deep nesting, the size limit. */
const rawBytes = fc.oneof(
  { weight: 4, arbitrary: randomBodyBytes },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '{"title":"x","\\u005f_proto__":{"polluted":true}}',
        '{"name":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
        `{"title":"x","metaData":{"__proto__":{"values":["a"],"dataType":"s"}}}`,
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `{"title":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
        `{"title":"${'x'.repeat(1024 * 1024)}"}`,
      )
      .map(utf8),
  },
)
/** Bodies aimed at an operation's request schema; an operation without its own gets raw bytes only. */
const BODIES: Partial<Record<SpecOperation, fc.Arbitrary<unknown>>> = {
  createArtefact: artefactBody,
  createCategory: categoryBody,
}
const bodyFor = (op: Op) => {
  const body = op === 'unknown' ? undefined : BODIES[op]
  return body ? fc.oneof({ weight: 5, arbitrary: encoded(body) }, { weight: 2, arbitrary: rawBytes }) : rawBytes
}

const idSegment = fc.oneof(
  { weight: 8, arbitrary: pathId },
  { weight: 1, arbitrary: fc.oneof(longText, unicodeText, fc.constantFrom(...POLLUTION)).map(pct) },
  { weight: 1, arbitrary: fc.uuid({ version: 4 }).map((id) => `${id}%2F${id.toUpperCase()}`) },
)
/** The registry's path, with any `{param}` filled by an id segment. */
const RIGHT_PATH = Object.fromEntries(
  TAUGHT_OPERATIONS.map(({ name, path }) => [
    name,
    path.includes('{') ? idSegment.map((id) => path.replace(/\{[^}]+\}/g, id)) : fc.constant(path),
  ]),
) as Record<SpecOperation, fc.Arbitrary<string>>
const pathFor = (op: Op) =>
  op === 'unknown'
    ? fc.oneof(
        unknownPath,
        fc.constantFrom(
          '/resources/artefact/',
          '/resources/artefactcategory/',
          '/resources/Artefact',
          '/RESOURCES/artefact',
          '/resources/artefact/x/y',
          '/resources/artefact%2Fx',
        ),
      )
    : fc.oneof(
        { weight: 12, arbitrary: RIGHT_PATH[op] },
        { weight: 1, arbitrary: RIGHT_PATH[op].map((p) => `${p}/`) },
        { weight: 1, arbitrary: fc.tuple(RIGHT_PATH[op], extraSegment).map(([p, s]) => `${p}/${s}`) },
      )

const queryString = fc.oneof(
  { weight: 6, arbitrary: query },
  {
    weight: 1,
    arbitrary: fc.tuple(hostileKey, fc.oneof(unicodeText, longText)).map(([k, v]) => `?${pct(k)}=${pct(v)}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?&&',
      '?isDraft',
      '?__proto__[polluted]=1',
      '?constructor[prototype][polluted]=1',
      '?a=%',
      '?isDraft=true#frag',
      '?%E0%A4%A',
    ),
  },
)

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'QUERY', 'PURGE']
const operationNamed = (op: Op) => TAUGHT_OPERATIONS.find((operation) => operation.name === op)
const rightMethod = (op: Op) => operationNamed(op)?.method ?? 'GET'

/**
 * Header values fetch can send: Latin-1 without control characters (anything else is the
 * client's error, not the mock's).
 */
const latin1 = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
    .map((c) => String.fromCharCode(c)),
  maxLength: 30,
})
const headerValue = fc.oneof(
  { weight: 4, arbitrary: latin1 },
  { weight: 1, arbitrary: fc.constantFrom(long('a'), long('é'), long('q=0,'), '__proto__', 'constructor.prototype') },
)
const headerName = fc.oneof(
  fc.constantFrom(
    'X-Custom',
    'X-Mock-Reason',
    'Allow',
    'Retry-After',
    'X-Artefact-Status',
    'Authorization',
    'Cookie',
    'If-None-Match',
    'Accept-Language',
    'X-HTTP-Method-Override',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
  ),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/),
)
const headersFor = fc
  .record({
    accept: fc.oneof({ weight: 5, arbitrary: acceptHeader.map((h) => h.value) }, { weight: 1, arbitrary: headerValue }),
    contentType: fc.oneof(
      { weight: 5, arbitrary: contentTypeHeader.map((h) => h.value) },
      { weight: 1, arbitrary: headerValue },
    ),
    prefer: fc.oneof(
      { weight: 12, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: preferHeader.map((p) => p.value) },
      { weight: 1, arbitrary: headerValue },
    ),
    extra: fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
  })
  .map(({ accept, contentType, prefer, extra }) => {
    const headers: Array<[string, string]> = [...extra]
    if (accept !== undefined) headers.push(['Accept', accept])
    if (contentType !== undefined) headers.push(['Content-Type', contentType])
    if (prefer !== undefined) headers.push(['Prefer', prefer])
    return headers
  })

/** How often each operation is aimed at, against 1 for unknown paths; default 1. */
const WEIGHT: Partial<Record<SpecOperation, number>> = { createArtefact: 2, getArtefact: 2 }
const AIMS: Op[] = [...TAUGHT_OPERATIONS.flatMap(({ name }) => Array<Op>(WEIGHT[name] ?? 1).fill(name)), 'unknown']

/** One random request; `op` is the operation it aims at (it may miss by method or path, as intended). */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.constantFrom<Op>(...AIMS).chain((op) =>
  fc.record({
    op: fc.constant(op),
    method: fc.oneof(
      { weight: 10, arbitrary: fc.constant(rightMethod(op)) },
      { weight: 3, arbitrary: fc.constantFrom(...METHODS) },
    ),
    path: fc.tuple(pathFor(op), queryString).map(([path, query]) => path + query),
    headers: headersFor,
    // A body is rare where the operation takes none.
    body: fc.option(bodyFor(op), { nil: undefined, freq: op === 'unknown' || !operationNamed(op)?.request ? 2 : 12 }),
    conditions: conditions,
  }),
)
