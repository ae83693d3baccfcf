/**
 * What `GET /artefact/{id}` must show for a create body (behaviour §7), written from the
 * rules rather than from the mock's code, for the round-trip property and the model test.
 */
import { simpleContent } from '../artefact/simple-content.ts'
import type { Category } from '../schemas/resources.ts'
import { fold } from './oracle.ts'

type Json = Record<string, unknown>

/** An own property only: a body key named `__proto__` or `toString` is data, not a prototype lookup. */
export const own = (object: unknown, key: string) =>
  object !== null && typeof object === 'object' && Object.hasOwn(object, key) ? (object as Json)[key] : undefined
export const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : [])
const orNull = (value: unknown) => (value === undefined ? null : value)
/** Trimmed; an empty string counts as absent (contract §6). */
const trimmedOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

/** A content item as read: `source` (top level) or `href` (variations) becomes `href`. */
const readItem = (item: Json, address: 'source' | 'href') => {
  const isText = String(item.mediaType).trim().toLowerCase().startsWith('text/')
  return {
    mediaType: item.mediaType,
    text: isText ? orNull(own(item, 'text')) : null,
    href: isText ? null : orNull(own(item, address)),
    resourceLocation: orNull(own(item, 'resourceLocation')),
  }
}

/** metaData as sorted entries: `toEqual` would skip a `__proto__` key, entries keep it. */
export const sortedEntries = (object: unknown) =>
  Object.entries((object ?? {}) as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

/** The stored category a create body names (behaviour §6): by id, else by folded name. */
export function resolveCategory(categories: Iterable<Category>, ref: unknown): Category | null {
  if (ref === null || ref === undefined) return null
  const id = own(ref, 'id')
  const all = [...categories]
  if (typeof id === 'number') return all.find((category) => category.id === id) ?? null
  return all.find((category) => fold(category.name) === fold(own(ref, 'name'))) ?? null
}

interface Sent {
  body: Json
  /** `dateCreated` of the artefact, which its variations share. */
  at: string
  category: Category | null
  /** The absolute URL of the artefact collection, e.g. `${ORIGIN}/v3/preview-upcoming/resources/artefact`. */
  collection: string
}

/** The artefact GET must answer for `body`, `metaData` apart (compare it with `sortedEntries`). */
export function expectedRead(id: string, { body, at, category, collection }: Sent) {
  const content = list(own(body, 'content')).map((item) => readItem(item, 'source'))
  return {
    id,
    title: String(body.title).trim(),
    content,
    simpleContent: simpleContent(content as Array<{ mediaType: string; text: string | null }>),
    variations: list(own(body, 'variations')).map((variation, i) => {
      const items = list(own(variation, 'content')).map((item) => readItem(item, 'href'))
      return {
        id: i + 1,
        content: items,
        simpleContent: simpleContent(items as Array<{ mediaType: string; text: string | null }>),
        channels: list(own(variation, 'channels')).map((channel) => ({
          id: channel.id,
          name: own(channel, 'name') ?? '',
        })),
        dateCreated: at,
        dateModified: at,
      }
    }),
    category,
    primaryQuery: trimmedOrNull(own(body, 'primaryQuery')),
    queryVariations: list(own(body, 'queryVariations')).map((q, i) => ({ id: i + 1, query: String(q.query).trim() })),
    productDocumentId: orNull(own(body, 'productDocumentId')),
    productDocumentVersion: orNull(own(body, 'productDocumentVersion')),
    links: [{ href: `${collection}/${id}`, rel: 'self', type: 'GET' }],
    dateCreated: at,
    dateModified: at,
  }
}
