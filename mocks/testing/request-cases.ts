/**
 * Pieces shared by the random-request cases of each operation: header and condition choices,
 * paths near the right one, bodies as bytes with or without a known verdict, and the outcomes
 * every operation must reach. Test support only.
 */
import fc from 'fast-check'
import { type Bytes, jsonBytes } from './body-bytes.ts'
import { conditions } from './conditions.ts'
import type { Verdict } from './oracle.ts'
import { acceptHeader, contentTypeHeader, preferHeader } from './request-headers.ts'
import { extraSegment, unknownPath } from './request-paths.ts'

const prefer = fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: preferHeader })
/** A query string of random keys, for an operation that reads none. */
export const randomQuery = fc
  .array(
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
    { maxLength: 2 },
  )
  .map((parts) => (parts.length === 0 ? '' : `?${parts.join('&')}`))
/** A JSON body as bytes, with the verdict the generator built it to deserve. */
export const bytesOf = (verdict: Verdict | undefined) => (body: unknown) =>
  jsonBytes(body).map((bytes) => ({ bytes, verdict }))
/** Bytes with no verdict: the oracle reads them to judge. */
export const judged = (bytes: Bytes) => ({ bytes })
/** Mostly the collection's own path; sometimes a variant of it, an extra segment, or an unknown path. */
export const pathFor = (collection: string, variants: string[]) =>
  fc.oneof(
    { weight: 24, arbitrary: fc.constant(collection) },
    { weight: 1, arbitrary: fc.constantFrom(...variants) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(`${collection}/`, `${collection}/x/`), extraSegment)
        .map(([head, s]) => head + s),
    },
    { weight: 1, arbitrary: unknownPath },
  )
/** The fields of a case every operation draws the same way. */
export const common = { conditions, accept: acceptHeader, contentType: contentTypeHeader, prefer }

/** Outcomes every operation must reach: the limits, routing, negotiation and a bad `Prefer`. */
export const LIMITS = ['403:quota', '429:rate', '503:maintenance', '404:path', '405', '204', '406', '400:prefer']
