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
 * Builds the read side of an artefact from a checked create body (behaviour §7).
 *
 * Each `simpleContent` is a getter that renders on its first read and keeps the text: a
 * create answers with the new id alone, so the render waits for whatever reads the
 * artefact first (a GET, a write to storage, a copy to another tab, the data browser).
 * `JSON.stringify`, structured clone and object spread all read it, so a stored or sent
 * copy holds the text as a plain value (decision 051).
 */
export function buildArtefact(input: CreateArtefactInput, context: BuildContext): StoredBody {
  const { dateCreated, dateModified, decode } = context
  const content = (input.content ?? []).map((item) => toItem(item, item.source))
  let rendered: string | undefined
  return {
    id: context.id,
    title: input.title,
    content,
    get simpleContent() {
      return (rendered ??= simpleContent(content, decode))
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
}
