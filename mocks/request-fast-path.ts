/**
 * A hand-written reading of a create-artefact body that fits `CreateArtefactRequest`
 * (`./request-schemas.ts`), for the create path's speed (decision 047). It returns what the zod
 * parse would return, or `undefined` for any body it does not take: then the zod parse runs and
 * words the 422. The schema stays the single source of truth; a property test holds this reading
 * to it (`request-fast-path.property.test.ts`), and a test fails when the schema gains a field
 * this file does not read.
 */
import type { CreateArtefactInput } from './request-schemas.ts'

type Fields = Record<string, unknown>
/** The body does not fit: hand it to the zod parse. */
const REFUSED = Symbol('refused')
type Read<T> = T | typeof REFUSED

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Sets `key` as zod does: a value when there is one; `undefined` when the body held the key as null. */
function put(out: Fields, from: Fields, key: string, value: unknown): void {
  if (value !== undefined) out[key] = value
  else if (key in from) out[key] = undefined
}

/** `optional(...)`: absent and null read as undefined. */
function optional<T>(value: unknown, read: (value: unknown) => Read<T>): Read<T | undefined> {
  return value === undefined || value === null ? undefined : read(value)
}

const text = (value: unknown): Read<string> => (typeof value === 'string' ? value : REFUSED)
const trimmed = (value: unknown): Read<string> => (typeof value === 'string' ? value.trim() : REFUSED)
const int = (value: unknown): Read<number> => (Number.isSafeInteger(value) ? (value as number) : REFUSED)
const mediaType = (value: unknown): Read<string> => (typeof value === 'string' && value.length > 0 ? value : REFUSED)

/** `boundedText(max)`: trimmed, 1 to `max` string units. */
const bounded = (value: unknown, max: number): Read<string> => {
  if (typeof value !== 'string') return REFUSED
  const trimmedValue = value.trim()
  return trimmedValue.length > 0 && trimmedValue.length <= max ? trimmedValue : REFUSED
}

function list<T>(value: unknown, read: (item: unknown) => Read<T>): Read<T[]> {
  if (!Array.isArray(value)) return REFUSED
  const out: T[] = []
  for (const item of value) {
    const read_ = read(item)
    if (read_ === REFUSED) return REFUSED
    out.push(read_)
  }
  return out
}

/** Reads an object of optional fields in `keys`' order (the schema's), each with its reader. */
function record(value: unknown, readers: Array<[string, (value: unknown) => unknown]>): Read<Fields> {
  if (!isFields(value)) return REFUSED
  const out: Fields = {}
  for (const [key, read] of readers) {
    const read_ = read(value[key])
    if (read_ === REFUSED) return REFUSED
    put(out, value, key, read_)
  }
  return out
}

const optionalText = (value: unknown) => optional(value, text)
const contentItem = (address: string) => (value: unknown) =>
  record(value, [
    ['mediaType', mediaType],
    ['text', optionalText],
    [address, optionalText],
    ['resourceLocation', optionalText],
  ])
const channel = (value: unknown) =>
  record(value, [
    ['id', int],
    ['name', optionalText],
  ])
const variation = (value: unknown) =>
  record(value, [
    ['content', (v) => optional(v, (items) => list(items, contentItem('href')))],
    ['channels', (v) => optional(v, (items) => list(items, channel))],
  ])
const categoryRef = (value: unknown) => {
  const ref = record(value, [
    ['id', (v) => optional(v, int)],
    ['name', (v) => optional(v, trimmed)],
  ])
  if (ref === REFUSED) return REFUSED
  return ref.id !== undefined || (ref.name !== undefined && ref.name !== '') ? ref : REFUSED
}
const query = (value: unknown) => record(value, [['query', trimmed]])

/** `safeRecord(MetadataEntry)`: every own key kept as data, `__proto__` included. */
function metaData(value: unknown): Read<Fields> {
  if (!isFields(value)) return REFUSED
  const entries: Array<[string, unknown]> = []
  for (const key of Object.keys(value)) {
    const entry = record(value[key], [
      ['values', (v) => list(v, text)],
      ['dataType', text],
    ])
    if (entry === REFUSED) return REFUSED
    entries.push([key, entry])
  }
  return Object.fromEntries(entries)
}

/** The readers of the body's fields, in the schema's order; a test compares the keys with the schema's. */
export const FAST_FIELDS: Array<[string, (value: unknown) => unknown]> = [
  ['title', (v) => bounded(v, 512)],
  ['content', (v) => optional(v, (items) => list(items, contentItem('source')))],
  ['variations', (v) => optional(v, (items) => list(items, variation))],
  ['category', (v) => optional(v, categoryRef)],
  ['primaryQuery', (v) => optional(v, trimmed)],
  ['queryVariations', (v) => optional(v, (items) => list(items, query))],
  ['productDocumentId', (v) => optional(v, int)],
  ['productDocumentVersion', (v) => optional(v, int)],
  ['metaData', (v) => optional(v, metaData)],
]

/**
 * The create-artefact body as `CreateArtefactRequest` would parse it, or `undefined` when the
 * body does not fit (the zod parse then finds and words the issues).
 * @example
 * readCreateArtefact({ title: ' Pin a note ', extra: 1 }) // { title: 'Pin a note' }
 */
export function readCreateArtefact(body: unknown): CreateArtefactInput | undefined {
  const read = record(body, FAST_FIELDS)
  return read === REFUSED ? undefined : (read as CreateArtefactInput)
}
