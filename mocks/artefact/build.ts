import type { CreateArtefactInput } from '../request-schemas.ts'
import type { Category, ContentItem, StoredArtefact } from '../schemas.ts'
import { type DecodeHtml, simpleContent } from './simple-content.ts'

type StoredBody = StoredArtefact['artefact']

interface BuildContext {
  id: string
  dateCreated: string
  dateModified: string
  category: Category | null
  /** entities' `decodeHTML`, for `simpleContent`. */
  decode: DecodeHtml
  isDraft: boolean
}

const toItem = (
  item: {
    mediaType: string
    text?: string | undefined
    resourceLocation?: string | undefined
  },
  href: string | undefined,
): ContentItem => {
  const isText = item.mediaType.trim().toLowerCase().startsWith('text/')
  return {
    mediaType: item.mediaType,
    text: isText ? (item.text ?? null) : null,
    href: isText ? null : (href ?? null),
    resourceLocation: item.resourceLocation ?? null,
  }
}

/**
 * Builds the stored record of an artefact from a checked create body: its read side
 * (behaviour §7) and whether it is a draft.
 *
 * A create answers with the new id alone, so `simpleContent` waits for whatever reads the
 * artefact first (a GET, a write to storage, a copy to another tab, the data browser): on
 * the artefact and on each variation, it is a getter. The first read of the artefact's
 * `simpleContent` renders it, and puts a copy of the artefact made of plain data on the
 * record in its place (variations rendered too). Objects with accessors cost a spread and
 * `JSON.stringify` twice as much, so later reads go back to plain objects.
 * `JSON.stringify`, structured clone and object spread all read the getters, so a stored
 * or sent copy holds the text as a plain value (decision 051).
 */
export function buildArtefact(input: CreateArtefactInput, context: BuildContext): StoredArtefact {
  const { dateCreated, dateModified, decode } = context
  const content = (input.content ?? []).map((item) => toItem(item, item.source))
  let rendered: string | undefined
  const artefact: StoredBody = {
    id: context.id,
    title: input.title,
    content,
    get simpleContent() {
      if (rendered === undefined) {
        rendered = simpleContent(content, decode)
        // The spread reads this getter again, and finds the text.
        record.artefact = { ...artefact, variations: artefact.variations.map((variation) => ({ ...variation })) }
      }
      return rendered
    },
    set simpleContent(text) {
      rendered = text
      record.artefact = { ...artefact, variations: artefact.variations.map((variation) => ({ ...variation })) }
    },
    variations: (input.variations ?? []).map((variation, index) => {
      const items = (variation.content ?? []).map((item) => toItem(item, item.href))
      let own: string | undefined
      return {
        id: index + 1,
        content: items,
        get simpleContent() {
          return (own ??= simpleContent(items, decode))
        },
        set simpleContent(text) {
          own = text
        },
        channels: (variation.channels ?? []).map((channel) => ({ id: channel.id, name: channel.name ?? null })),
        dateCreated,
        dateModified,
      }
    }),
    category: context.category,
    primaryQuery: input.primaryQuery ?? null,
    queryVariations: (input.queryVariations ?? []).map((variation, index) => ({
      id: index + 1,
      query: variation.query,
    })),
    productDocumentId: input.productDocumentId ?? null,
    productDocumentVersion: input.productDocumentVersion ?? null,
    metaData: input.metaData ?? {},
    dateCreated,
    dateModified,
  }
  const record: StoredArtefact = { artefact, isDraft: context.isDraft }
  return record
}
