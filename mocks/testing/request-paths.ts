/**
 * Where a request goes and how: path ids for `GET /artefact/{id}` (stored, unknown, malformed),
 * extra segments, paths that name no resource, methods and query strings. Test support only.
 */
import fc from 'fast-check'
import { seedArtefacts } from '../data/artefacts.ts'
import { caseVariant, insertAt } from './body-text.ts'

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
