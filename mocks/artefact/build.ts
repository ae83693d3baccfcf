import type { CreateArtefactInput } from '../schemas/requests.ts'
import type { Category, ContentItem, StoredArtefact } from '../schemas/resources.ts'
import { simpleContent } from './simple-content.ts'

type StoredBody = StoredArtefact['artefact']

interface BuildContext {
  id: string
  dateCreated: string
  dateModified: string
  category: Category | null
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
 */
export function buildArtefact(input: CreateArtefactInput, context: BuildContext): StoredArtefact {
  const { dateCreated, dateModified } = context
  const content = (input.content ?? []).map((item) => toItem(item, item.source))
  const artefact: StoredBody = {
    id: context.id,
    title: input.title,
    content,
    simpleContent: simpleContent(content),
    variations: (input.variations ?? []).map((variation, index) => {
      const items = (variation.content ?? []).map((item) => toItem(item, item.href))
      return {
        id: index + 1,
        content: items,
        simpleContent: simpleContent(items),
        // The spec's Channel.name is a string: a channel created without one reads as "" (an empty string counts as absent).
        channels: (variation.channels ?? []).map((channel) => ({ id: channel.id, name: channel.name ?? '' })),
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
  return { artefact, isDraft: context.isDraft }
}
