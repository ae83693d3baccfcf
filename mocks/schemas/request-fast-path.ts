/**
 * A hand-written reading of a create-artefact body that fits `CreateArtefactRequest`
 * (`./requests.ts`), for the create path's speed (decision 047). It returns what the zod
 * parse would return, or `undefined` for any body it does not take: then the zod parse runs and
 * words the 422. The schema stays the single source of truth; a property test holds this reading
 * to it (`request-fast-path.property.test.ts`), and a test fails when the schema gains a field
 * this file does not read.
 */
import type { CreateArtefactInput } from './requests.ts'
import { isRecord } from './helpers.ts'

type Fields = Record<string, unknown>
/** The body does not fit: hand it to the zod parse. */
const REFUSED = Symbol('refused')
type Read<T> = T | typeof REFUSED

/** Sets `key` as zod does: a value when there is one; `undefined` when the body held the key as null. */
function put(out: Fields, from: Fields, key: string, value: unknown): void {
  if (value !== undefined) out[key] = value
  else if (key in from) out[key] = undefined
}

type Reader<T = unknown> = (value: unknown) => Read<T>

/** `optional(...)`: absent and null read as undefined. */
const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (value) =>
    value === undefined || value === null ? undefined : read(value)

const text: Reader<string> = (value) => (typeof value === 'string' ? value : REFUSED)
const trimmed: Reader<string> = (value) => (typeof value === 'string' ? value.trim() : REFUSED)
const int: Reader<number> = (value) => (Number.isSafeInteger(value) ? (value as number) : REFUSED)
const mediaType: Reader<string> = (value) => (typeof value === 'string' && value.length > 0 ? value : REFUSED)

/** `boundedText(max)`: trimmed, 1 to `max` string units. */
const bounded =
  (max: number): Reader<string> =>
  (value) => {
    if (typeof value !== 'string') return REFUSED
    const trimmedValue = value.trim()
    return trimmedValue.length > 0 && trimmedValue.length <= max ? trimmedValue : REFUSED
  }

const list =
  <T>(read: Reader<T>): Reader<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return REFUSED
    const out: T[] = []
    for (const item of value) {
      const itemRead = read(item)
      if (itemRead === REFUSED) return REFUSED
      out.push(itemRead)
    }
    return out
  }

/** An object of the fields `readers` names, read in that order (the schema's); other fields are dropped. */
const record =
  (readers: ReadonlyArray<readonly [string, Reader]>): Reader<Fields> =>
  (value) => {
    if (!isRecord(value)) return REFUSED
    const out: Fields = {}
    for (const [key, read] of readers) {
      const fieldRead = read(value[key])
      if (fieldRead === REFUSED) return REFUSED
      put(out, value, key, fieldRead)
    }
    return out
  }

// Every reader is built once, here: a create reads its body without building any.
const optionalText = optional(text)
const contentItems = (address: 'source' | 'href') =>
  optional(
    list(
      record([
        ['mediaType', mediaType],
        ['text', optionalText],
        [address, optionalText],
        ['resourceLocation', optionalText],
      ]),
    ),
  )
const channel = record([
  ['id', int],
  ['name', optionalText],
])
const variation = record([
  ['content', contentItems('href')],
  ['channels', optional(list(channel))],
])
const categoryFields = record([
  ['id', optional(int)],
  ['name', optional(trimmed)],
])
/** `CreateCategoryRef`: at least one of an id and a name that is not blank. */
const categoryRef: Reader<Fields> = (value) => {
  const ref = categoryFields(value)
  if (ref === REFUSED) return REFUSED
  return ref.id !== undefined || (ref.name !== undefined && ref.name !== '') ? ref : REFUSED
}
const metadataEntry = record([
  ['values', list(text)],
  ['dataType', text],
])

/** `safeRecord(MetadataEntry)`: every own key kept as data, `__proto__` included. */
const metaData: Reader<Fields> = (value) => {
  if (!isRecord(value)) return REFUSED
  const entries: Array<[string, unknown]> = []
  for (const key of Object.keys(value)) {
    const entry = metadataEntry(value[key])
    if (entry === REFUSED) return REFUSED
    entries.push([key, entry])
  }
  return Object.fromEntries(entries)
}

/** The body's fields, in the schema's order. */
const createArtefactBody = record([
  ['title', bounded(512)],
  ['content', contentItems('source')],
  ['variations', optional(list(variation))],
  ['category', optional(categoryRef)],
  ['primaryQuery', optional(trimmed)],
  ['queryVariations', optional(list(record([['query', trimmed]])))],
  ['productDocumentId', optional(int)],
  ['productDocumentVersion', optional(int)],
  ['metaData', optional(metaData)],
])

/**
 * The create-artefact body as `CreateArtefactRequest` would parse it, or `undefined` when the
 * body does not fit (the zod parse then finds and words the issues).
 * @example
 * readCreateArtefact({ title: ' Pin a note ', extra: 1 }) // { title: 'Pin a note' }
 */
export function readCreateArtefact(body: unknown): CreateArtefactInput | undefined {
  const read = createArtefactBody(body)
  return read === REFUSED ? undefined : (read as CreateArtefactInput)
}
