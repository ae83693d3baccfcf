/**
 * A stored artefact held as the JSON text it was stored as, and parsed on its first read
 * (decision 055). A reload with thousands stored then holds a few heap objects per record
 * rather than some fifty, so the page's garbage collections stay short. A record is parsed
 * when something first reads it, such as a GET; the explorer's lists and searches read a few
 * of its fields from the text (`listFields`).
 */
import type { StoredArtefact } from '../schemas/resources.ts'

const TEXT = Symbol('artefact-mock stored text')
const KEY = Symbol('artefact-mock key')
const AT = Symbol('artefact-mock time')

interface Slots {
  /** The JSON text until the first read, then undefined. */
  [TEXT]?: string | undefined
  /** The lowercased id, as the store indexes it. */
  [KEY]?: string
  /** `Date.parse(artefact.dateCreated)`. */
  [AT]?: number
}

function slot(target: object, key: symbol, value: unknown) {
  Object.defineProperty(target, key, { value, writable: true, enumerable: false, configurable: true })
}

function settle(target: object, name: 'artefact' | 'isDraft', value: unknown) {
  Object.defineProperty(target, name, { value, writable: true, enumerable: true, configurable: true })
}

/** Parses the text into plain data properties, in place; throws, naming the record, when it is not JSON. */
function parseHeld(target: Slots & object): void {
  const text = target[TEXT]
  if (text === undefined) return
  let parsed: StoredArtefact
  try {
    parsed = JSON.parse(text) as StoredArtefact
  } catch {
    throw new Error(`[artefact-mock] the stored artefact ${target[KEY]} is not JSON`)
  }
  settle(target, 'artefact', parsed.artefact)
  settle(target, 'isDraft', parsed.isDraft)
  target[TEXT] = undefined
}

// One pair of accessors shared by every held record, so they share one shape (see decision 051).
const ACCESSORS: PropertyDescriptorMap = {
  artefact: {
    get(this: Slots & StoredArtefact) {
      parseHeld(this)
      return this.artefact
    },
    set(this: Slots & StoredArtefact, value: StoredArtefact['artefact']) {
      parseHeld(this)
      this.artefact = value
    },
    enumerable: true,
    configurable: true,
  },
  isDraft: {
    get(this: Slots & StoredArtefact) {
      parseHeld(this)
      return this.isDraft
    },
    set(this: Slots & StoredArtefact, value: boolean) {
      parseHeld(this)
      this.isDraft = value
    },
    enumerable: true,
    configurable: true,
  },
}

/**
 * A record that reads as `JSON.parse(json)` would: `artefact` and `isDraft` are own enumerable
 * properties, parsed on the first read of either, so `JSON.stringify`, structured clone and
 * object spread see the record. `key` (the lowercased id) and `at` (its creation time, epoch
 * ms) let the store index it unparsed. The caller vouches that `json` is a `StoredArtefact`
 * that this code wrote.
 *
 * @example
 * const record = heldRecord(JSON.stringify(built), built.artefact.id.toLowerCase(), Date.parse(built.artefact.dateCreated))
 */
export function heldRecord(json: string, key: string, at: number): StoredArtefact {
  const target = Object.defineProperties({}, ACCESSORS)
  slot(target, TEXT, json)
  slot(target, KEY, key)
  slot(target, AT, at)
  return target as StoredArtefact
}

const ABOVE_ONE_BYTE = /[\u0100-\uffff]/g
let utf8: { encoder: TextEncoder; decoder: TextDecoder } | undefined

/**
 * `json` with every character above U+00FF written as a `\u` escape, as a one-byte string: a
 * browser holds it (and IndexedDB stores it) in half the bytes of a two-byte one, and one "…"
 * in a record makes all of its text two-byte. `replace` keeps its subject's two-byte form, so
 * the escaped text is decoded afresh from its bytes (all ASCII by then): a string the browser
 * makes one-byte.
 */
export function oneByteJson(json: string): string {
  ABOVE_ONE_BYTE.lastIndex = 0
  if (!ABOVE_ONE_BYTE.test(json)) return json
  const escaped = json.replace(ABOVE_ONE_BYTE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
  utf8 ??= { encoder: new TextEncoder(), decoder: new TextDecoder() }
  return utf8.decoder.decode(utf8.encoder.encode(escaped))
}

/** The key the store indexes `record` by: its lowercased id, read without parsing a held record. */
export const recordKey = (record: StoredArtefact): string => (record as Slots)[KEY] ?? record.artefact.id.toLowerCase()

/** When `record` was created (epoch ms), read without parsing a held record. */
export const recordTime = (record: StoredArtefact): number =>
  (record as Slots)[AT] ?? Date.parse(record.artefact.dateCreated)

/** True while `record` is held as text nobody has read. */
export const isUnread = (record: StoredArtefact): boolean => (record as Slots)[TEXT] !== undefined

/**
 * Parses a held record now; false when its text is not JSON (a record changed by hand in the
 * browser's storage). The store calls it before it answers with a record.
 */
export function readable(record: StoredArtefact): boolean {
  try {
    parseHeld(record)
    return true
  } catch {
    return false
  }
}

/** The JSON string literal whose opening quote is at `start`, parsed, and the index after it. */
function literalAt(text: string, start: number): { value: string; end: number } | undefined {
  if (text.charCodeAt(start) !== 34) return undefined
  for (let index = start + 1; index < text.length; index += text.charCodeAt(index) === 92 ? 2 : 1) {
    if (text.charCodeAt(index) === 34) return { value: JSON.parse(text.slice(start, index + 1)), end: index + 1 }
  }
  return undefined
}

const ID_AT = '{"artefact":{"id":'.length
const TITLE_KEY = ',"title":'
const CATEGORY_KEY = ',"category":'
const NAME_KEY = '"name":'

/**
 * The fields of a record's text, as this code writes it (`id` and `title` first, `isDraft`
 * last), without parsing the rest. A quote inside a string is escaped, so the first
 * `,"category":` after the title is a key; content items and variations, which come before,
 * have no such key, so it is the artefact's. Undefined when the text is laid out otherwise.
 */
function scanFields(text: string): ListFields | undefined {
  const isDraft = text.endsWith(',"isDraft":true}') ? true : text.endsWith(',"isDraft":false}') ? false : undefined
  const id = literalAt(text, ID_AT)
  if (isDraft === undefined || !id || !text.startsWith(TITLE_KEY, id.end)) return undefined
  const title = literalAt(text, id.end + TITLE_KEY.length)
  const key = title ? text.indexOf(CATEGORY_KEY, title.end) : -1
  if (!title || key < 0) return undefined
  const value = key + CATEGORY_KEY.length
  if (text.startsWith('null', value)) return { id: id.value, title: title.value, categoryName: null, isDraft }
  // The category's other values are a number and two dates: the first "name" key after it opens is its own.
  const name = text.startsWith('{', value)
    ? literalAt(text, text.indexOf(NAME_KEY, value) + NAME_KEY.length)
    : undefined
  return name && { id: id.value, title: title.value, categoryName: name.value, isDraft }
}

/** What the explorer lists and searches a record by. */
export interface ListFields {
  id: string
  title: string
  categoryName: string | null
  isDraft: boolean
  /** True for a record whose stored text is not JSON (changed by hand): the store drops it on its first read. */
  unreadable?: true
}

/**
 * A record's id, title, category name and draft flag. A record held as its stored text stays
 * unparsed: a list or a search over thousands stored reads a few fields of each, and the page
 * keeps holding text. Never throws: a record whose text is not JSON says so.
 */
export function listFields(record: StoredArtefact): ListFields {
  const slots = record as Slots
  const text = slots[TEXT]
  if (text !== undefined) {
    try {
      const scanned = scanFields(text)
      if (scanned) return scanned
    } catch {
      // Not laid out as this code writes it: read as parsed below.
    }
    if (!readable(record))
      return { id: slots[KEY] ?? '', title: '', categoryName: null, isDraft: false, unreadable: true }
  }
  const { artefact, isDraft } = record
  return { id: artefact.id, title: artefact.title, categoryName: artefact.category?.name ?? null, isDraft }
}
