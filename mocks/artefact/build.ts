import type { CreateArtefactInput } from '../schemas/requests.ts'
import type { Category, ContentItem, StoredArtefact } from '../schemas/resources.ts'
import { loadedDecoder } from './html-decoder.ts'
import { type DecodeHtml, simpleContent } from './simple-content.ts'

type StoredBody = StoredArtefact['artefact']

interface BuildContext {
  id: string
  dateCreated: string
  dateModified: string
  category: Category | null
  isDraft: boolean
  /**
   * When `simpleContent` renders: `'now'` where the store copies each record as it adds it
   * (`Store.readsOnAdd`), `'on first read'` where it may stay unread.
   */
  render: 'now' | 'on first read'
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
 * `simpleContent` of a built artefact or variation, as one accessor shared by every built
 * object, so that they share V8's shapes: a getter that renders from the object's own
 * `content` on its first read, then makes the property plain data holding the text. A
 * setter makes it plain data holding what was set, as on a plain object.
 */
const SIMPLE_CONTENT: PropertyDescriptor = {
  get(this: { content: ContentItem[] }): string {
    return settle(this, simpleContent(this.content, decoder()))
  },
  set(this: object, text: string) {
    settle(this, text)
  },
  enumerable: true,
  configurable: true,
}

/** entities' decoder, which `buildArtefact` requires loaded: a getter can only run on what it built. */
function decoder(): DecodeHtml {
  const decode = loadedDecoder()
  if (decode === undefined) throw new Error('[artefact-mock] an artefact was built before the decoder loaded')
  return decode
}

function settle(target: object, text: string): string {
  Object.defineProperty(target, 'simpleContent', { value: text, writable: true, enumerable: true, configurable: true })
  return text
}

/**
 * `target` with `simpleContent` after its other properties (put there before the rest, for
 * the read side's key order): rendered now, or on its first read.
 */
function withSimpleContent<T extends { content: ContentItem[] }>(
  target: T,
  render: BuildContext['render'],
  decode: DecodeHtml,
): T & { simpleContent: string } {
  if (render === 'on first read')
    return Object.defineProperty(target, 'simpleContent', SIMPLE_CONTENT) as T & { simpleContent: string }
  return Object.assign(target, { simpleContent: simpleContent(target.content, decode) })
}

/**
 * Builds the stored record of an artefact from a checked create body: its read side
 * (behaviour §7) and whether it is a draft.
 *
 * A create answers with the new id alone. So with `render: 'on first read'`, the
 * `simpleContent` of the artefact and of each variation renders when something first reads
 * it: a GET, or the data browser. `JSON.stringify`, structured clone and object spread all
 * read it, so a stored or sent copy holds the text as a plain value. With `render: 'now'`
 * (a store that copies what it adds) it renders here (decision 051). Either way the
 * decoder must have loaded first (`loadDecoder`, or `provideDecoder`).
 */
export function buildArtefact(input: CreateArtefactInput, context: BuildContext): StoredArtefact {
  const decode = decoder()
  const { dateCreated, dateModified, render } = context
  const content = (input.content ?? []).map((item) => toItem(item, item.source))
  const variations = (input.variations ?? []).map((variation, index) =>
    Object.assign(
      withSimpleContent(
        { id: index + 1, content: (variation.content ?? []).map((item) => toItem(item, item.href)) },
        render,
        decode,
      ),
      {
        channels: (variation.channels ?? []).map((channel) => ({ id: channel.id, name: channel.name ?? null })),
        dateCreated,
        dateModified,
      },
    ),
  )
  const artefact: StoredBody = Object.assign(
    withSimpleContent({ id: context.id, title: input.title, content }, render, decode),
    {
      variations,
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
    },
  )
  return { artefact, isDraft: context.isDraft }
}
