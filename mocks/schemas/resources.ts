/**
 * The zod schemas of the Artefact preview service's answers: the resources, the create
 * operations' answers and the Error body, the one source of those types. The handlers
 * answer with them, the explorer parses responses with them; the request bodies are in
 * `./requests.ts`.
 */
import type * as z from 'zod/mini'
import { responseSchemas, ZOD_SIDE } from './builders.ts'
import { provideZodSide } from './zod-side.ts'

export { formatIssuePath, UUID_PATTERN } from './helpers.ts'

// Built when this module is imported. The mock's own code takes them from `responseSchemas()`
// on first use instead, so a worker's start builds none (decision 049).
const built = responseSchemas()
// The operations' schemas, read synchronously from here on (decision 054).
provideZodSide(ZOD_SIDE)

// ---------------------------------------------------------------- resources

/**
 * The body of every error answer: the status as text and the spec's message.
 * @example
 * ErrorBody.parse(await res.json()) // { errorCode: '404', message: 'Not Found' }
 */
export const ErrorBody = built.ErrorBody
export type ErrorBody = z.infer<typeof ErrorBody>

/**
 * A content item as the read side shows it: `text` for text items, `href` for the rest.
 * @example
 * ContentItem.parse({ mediaType: 'image/png', text: null, href: 'https://cdn.example/a.png', resourceLocation: null })
 */
export const ContentItem = built.ContentItem
export type ContentItem = z.infer<typeof ContentItem>

/**
 * A channel a variation is for; `name` is null when it was not given.
 * @example
 * Channel.parse({ id: 1, name: 'web' })
 */
export const Channel = built.Channel
export type Channel = z.infer<typeof Channel>

/**
 * A variation of an artefact's content, with its own `simpleContent` and an id unique in the artefact.
 * @example
 * artefact.variations.map((v) => Variation.parse(v).channels)
 */
export const Variation = built.Variation
export type Variation = z.infer<typeof Variation>

/**
 * An artefact category with its dates.
 * @example
 * Category.parse({ id: 7, name: 'Mobile', dateCreated: '2026-11-22T10:00:00Z', dateModified: '2026-11-22T10:00:00Z' })
 */
export const Category = built.Category
export type Category = z.infer<typeof Category>

/**
 * Another wording of the artefact's primary query, with an id unique in the artefact.
 * @example
 * QueryVariation.parse({ id: 1, query: 'forgot password' })
 */
export const QueryVariation = built.QueryVariation
export type QueryVariation = z.infer<typeof QueryVariation>

/**
 * The value of one `metaData` key.
 * @example
 * MetadataEntry.parse({ values: ['2026-03-01'], dataType: 'date' })
 */
export const MetadataEntry = built.MetadataEntry
export type MetadataEntry = z.infer<typeof MetadataEntry>

/**
 * A link of the read side; `type` holds an HTTP method name.
 * @example
 * Link.parse({ href: 'https://api.example.test/v3/preview-upcoming/resources/artefact/…', rel: 'self', type: 'GET' })
 */
export const Link = built.Link
export type Link = z.infer<typeof Link>

/**
 * The Artefact as the get operation returns it.
 * @example
 * const artefact = Artefact.parse(await (await fetch(`/v3/preview-upcoming/resources/artefact/${id}`)).json())
 */
export const Artefact = built.Artefact
export type Artefact = z.infer<typeof Artefact>

/**
 * An artefact as the store keeps it: no links (they depend on the origin), plus its draft flag.
 * @example
 * StoredArtefact.safeParse(recordFromIndexedDb).success
 */
export const StoredArtefact = built.StoredArtefact
export type StoredArtefact = z.infer<typeof StoredArtefact>

// ------------------------------------------------------- create answers

/**
 * The 200 answer of `POST /artefact`; `responseId` names the new artefact when `hasErrors` is false.
 * @example
 * const { responseId, hasErrors, errors } = CreateArtefactResponse.parse(await res.json())
 */
export const CreateArtefactResponse = built.CreateArtefactResponse
export type CreateArtefactResponse = z.infer<typeof CreateArtefactResponse>

/**
 * The 201 answer of `POST /artefactcategory`.
 * @example
 * const { categoryId } = CreateCategoryResponse.parse(await res.json()) // 7 on a fresh store
 */
export const CreateCategoryResponse = built.CreateCategoryResponse
export type CreateCategoryResponse = z.infer<typeof CreateCategoryResponse>
