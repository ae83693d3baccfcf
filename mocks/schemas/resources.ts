/**
 * The zod schemas of the Artefact preview service's answers: the resources, the create
 * operations' answers and the Error body, the one source of those types. The handlers
 * answer with them, the explorer parses responses with them; the request bodies are in
 * `./requests.ts`.
 */
import * as z from 'zod/mini'
import { UUID_PATTERN } from './helpers.ts'
import { safeRecord } from './safe-record.ts'

export { formatIssuePath, UUID_PATTERN } from './helpers.ts'

const DateTime = z.iso.datetime({ offset: true })
const Uuid = z.string().check(z.regex(UUID_PATTERN, 'must be a UUID'))

// ---------------------------------------------------------------- resources

/**
 * The body of every error answer: the status as text and the spec's message.
 * @example
 * ErrorBody.parse(await res.json()) // { errorCode: '404', message: 'Not Found' }
 */
export const ErrorBody = z
  .strictObject({ errorCode: z.string(), message: z.string() })
  .register(z.globalRegistry, { id: 'Error' })
export type ErrorBody = z.infer<typeof ErrorBody>

/**
 * A content item as the read side shows it: `text` for text items, `href` for the rest.
 * @example
 * ContentItem.parse({ mediaType: 'image/png', text: null, href: 'https://cdn.example/a.png', resourceLocation: null })
 */
export const ContentItem = z
  .object({
    mediaType: z.string(),
    text: z.nullable(z.string()),
    href: z.nullable(z.string()),
    resourceLocation: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'ContentItem' })
export type ContentItem = z.infer<typeof ContentItem>

/**
 * A channel a variation is for; `name` is a string as the spec says (`""` when a create gave none).
 * @example
 * Channel.parse({ id: 1, name: 'web' })
 */
export const Channel = z.object({ id: z.int(), name: z.string() }).register(z.globalRegistry, { id: 'Channel' })
export type Channel = z.infer<typeof Channel>

/**
 * A variation of an artefact's content, with its own `simpleContent` and an id unique in the artefact.
 * @example
 * artefact.variations.map((v) => Variation.parse(v).channels)
 */
export const Variation = z
  .object({
    id: z.int(),
    content: z.array(ContentItem),
    simpleContent: z.string(),
    channels: z.array(Channel),
    dateCreated: DateTime,
    dateModified: DateTime,
  })
  .register(z.globalRegistry, { id: 'Variation' })
export type Variation = z.infer<typeof Variation>

/**
 * An artefact category with its dates.
 * @example
 * Category.parse({ id: 7, name: 'Mobile', dateCreated: '2026-11-22T10:00:00Z', dateModified: '2026-11-22T10:00:00Z' })
 */
export const Category = z
  .object({ id: z.int(), name: z.string(), dateCreated: DateTime, dateModified: DateTime })
  .register(z.globalRegistry, { id: 'Category' })
export type Category = z.infer<typeof Category>

/**
 * Another wording of the artefact's primary query, with an id unique in the artefact.
 * @example
 * QueryVariation.parse({ id: 1, query: 'forgot password' })
 */
export const QueryVariation = z
  .object({ id: z.int(), query: z.string() })
  .register(z.globalRegistry, { id: 'QueryVariation' })
export type QueryVariation = z.infer<typeof QueryVariation>

/**
 * The value of one `metaData` key.
 * @example
 * MetadataEntry.parse({ values: ['2026-03-01'], dataType: 'date' })
 */
export const MetadataEntry = z
  .object({ values: z.array(z.string()), dataType: z.string() })
  .register(z.globalRegistry, { id: 'MetadataEntry' })
export type MetadataEntry = z.infer<typeof MetadataEntry>

/**
 * A link of the read side; `type` holds an HTTP method name.
 * @example
 * Link.parse({ href: 'https://api.example.test/v3/preview-upcoming/resources/artefact/…', rel: 'self', type: 'GET' })
 */
export const Link = z
  .object({ href: z.string(), rel: z.string(), type: z.string() })
  .register(z.globalRegistry, { id: 'Link' })
export type Link = z.infer<typeof Link>

/**
 * The Artefact as the get operation returns it.
 * @example
 * const artefact = Artefact.parse(await (await fetch(`/v3/preview-upcoming/resources/artefact/${id}`)).json())
 */
export const Artefact = z
  .object({
    id: Uuid,
    title: z.string(),
    content: z.array(ContentItem),
    simpleContent: z.string(),
    variations: z.array(Variation),
    category: z.nullable(Category),
    primaryQuery: z.nullable(z.string()),
    queryVariations: z.array(QueryVariation),
    productDocumentId: z.nullable(z.int()),
    productDocumentVersion: z.nullable(z.int()),
    metaData: safeRecord(MetadataEntry),
    links: z.array(Link),
    dateCreated: DateTime,
    dateModified: DateTime,
  })
  .register(z.globalRegistry, { id: 'Artefact' })
export type Artefact = z.infer<typeof Artefact>

/**
 * An artefact as the store keeps it: no links (they depend on the origin), plus its draft flag.
 * @example
 * StoredArtefact.safeParse(recordFromIndexedDb).success
 */
export const StoredArtefact = z.object({ artefact: z.omit(Artefact, { links: true }), isDraft: z.boolean() })
export type StoredArtefact = z.infer<typeof StoredArtefact>

// ------------------------------------------------------- create answers

/**
 * The 200 answer of `POST /artefact`; `responseId` names the new artefact when `hasErrors` is false.
 * @example
 * const { responseId, hasErrors, errors } = CreateArtefactResponse.parse(await res.json())
 */
export const CreateArtefactResponse = z
  .object({
    responseId: Uuid,
    // The spec marks it read-only; the mark is for the OpenAPI document.
    hasErrors: z.boolean().register(z.globalRegistry, { readOnly: true }),
    errors: z.array(z.string()),
  })
  .register(z.globalRegistry, { id: 'CreateArtefactResponse' })
export type CreateArtefactResponse = z.infer<typeof CreateArtefactResponse>

/**
 * The 201 answer of `POST /artefactcategory`.
 * @example
 * const { categoryId } = CreateCategoryResponse.parse(await res.json()) // 7 on a fresh store
 */
export const CreateCategoryResponse = z
  .object({ categoryId: z.int(), categoryName: z.string() })
  .register(z.globalRegistry, { id: 'CreateCategoryResponse' })
export type CreateCategoryResponse = z.infer<typeof CreateCategoryResponse>
