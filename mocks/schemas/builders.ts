/**
 * The mock's zod schemas, built on first use (decision 049). Building zod's schemas is a few
 * milliseconds of a page's first load, and a worker's start needs none of them: the first
 * request that checks a body, or the first stored record or tab message that needs a check,
 * builds them. In the browser this module, with zod, is a chunk of its own that the first such
 * use loads (`zod-side.ts`, decision 054), so it imports nothing a page's start imports.
 * `./resources.ts` and `./requests.ts`, the public modules, export them built and document
 * each one. Internal: not part of the public API.
 */
import * as z from 'zod/mini'
import { REQUEST_MESSAGES } from './english.ts'
import { safeRecord } from './safe-record.ts'
import { once } from './once.ts'

/**
 * `schema-helpers.ts`'s UUID_PATTERN (behaviour §4), written again: zod's chunk imports nothing
 * that the browser entry's start imports, or a bundler makes the shared module a chunk of its own,
 * one more request at start (decision 054). `schemas.test.ts` holds the two equal.
 */
export const UUID_IN_SCHEMAS = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The resources, the create operations' answers and the Error body. */
export const responseSchemas = once(() => {
  const DateTime = z.iso.datetime({ offset: true })
  const Uuid = z.string().check(z.regex(UUID_IN_SCHEMAS, 'must be a UUID'))
  const ErrorBody = z
    .strictObject({ errorCode: z.string(), message: z.string() })
    .register(z.globalRegistry, { id: 'Error' })
  const ContentItem = z
    .object({
      mediaType: z.string(),
      text: z.nullable(z.string()),
      href: z.nullable(z.string()),
      resourceLocation: z.nullable(z.string()),
    })
    .register(z.globalRegistry, { id: 'ContentItem' })
  const Channel = z.object({ id: z.int(), name: z.nullable(z.string()) }).register(z.globalRegistry, { id: 'Channel' })
  const Variation = z
    .object({
      id: z.int(),
      content: z.array(ContentItem),
      simpleContent: z.string(),
      channels: z.array(Channel),
      dateCreated: DateTime,
      dateModified: DateTime,
    })
    .register(z.globalRegistry, { id: 'Variation' })
  const Category = z
    .object({ id: z.int(), name: z.string(), dateCreated: DateTime, dateModified: DateTime })
    .register(z.globalRegistry, { id: 'Category' })
  const QueryVariation = z
    .object({ id: z.int(), query: z.string() })
    .register(z.globalRegistry, { id: 'QueryVariation' })
  const MetadataEntry = z
    .object({ values: z.array(z.string()), dataType: z.string() })
    .register(z.globalRegistry, { id: 'MetadataEntry' })
  const Link = z
    .object({ href: z.string(), rel: z.string(), type: z.string() })
    .register(z.globalRegistry, { id: 'Link' })
  const Artefact = z
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
  const StoredArtefact = z.object({ artefact: z.omit(Artefact, { links: true }), isDraft: z.boolean() })
  const CreateArtefactResponse = z
    .object({ responseId: Uuid, hasErrors: z.boolean(), errors: z.array(z.string()) })
    .register(z.globalRegistry, { id: 'CreateArtefactResponse' })
  const CreateCategoryResponse = z
    .object({ categoryId: z.int(), categoryName: z.string() })
    .register(z.globalRegistry, { id: 'CreateCategoryResponse' })
  return {
    ErrorBody,
    ContentItem,
    Channel,
    Variation,
    Category,
    QueryVariation,
    MetadataEntry,
    Link,
    Artefact,
    StoredArtefact,
    CreateArtefactResponse,
    CreateCategoryResponse,
  }
})

/** A field sent as `null` counts as absent (behaviour §5). */
const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.nullish(schema),
    z.transform((value: z.output<T> | null | undefined) => value ?? undefined),
  )

const trimmed = () => z.string().check(z.trim())

/**
 * A trimmed, non-empty string of at most `max` JavaScript string units (behaviour §5).
 * zod's `maxLength` counts code points, so the refine holds the unit count; `maxLength` stays for the JSON Schema.
 */
const boundedText = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'must be a non-empty string'),
    z.maxLength(max, { message: `must be at most ${max} characters`, abort: true }),
    z.refine((text) => text.length <= max, `must be at most ${max} characters`),
  )

/** The request bodies of the create operations (behaviour §5). */
export const requestSchemas = once(() => {
  const nonEmpty = () => z.string().check(z.minLength(1, 'must be a non-empty string'))
  const CreateContentItem = z.object({
    mediaType: nonEmpty(),
    text: optional(z.string()),
    source: optional(z.string()),
    resourceLocation: optional(z.string()),
  })
  const CreateVariationContentItem = z.object({
    mediaType: nonEmpty(),
    text: optional(z.string()),
    href: optional(z.string()),
    resourceLocation: optional(z.string()),
  })
  const CreateChannel = z.object({ id: z.int(), name: optional(z.string()) })
  const CreateCategoryRef = z.object({ id: optional(z.int()), name: optional(trimmed()) }).check(
    z.refine((c) => c.id !== undefined || (c.name !== undefined && c.name !== ''), {
      message: 'needs at least one of id and name',
    }),
  )
  const CreateArtefactRequest = z
    .object({
      title: boundedText(512),
      content: optional(z.array(CreateContentItem)),
      variations: optional(
        z.array(
          z.object({
            content: optional(z.array(CreateVariationContentItem)),
            channels: optional(z.array(CreateChannel)),
          }),
        ),
      ),
      category: optional(CreateCategoryRef),
      primaryQuery: optional(trimmed()),
      queryVariations: optional(z.array(z.object({ query: trimmed() }))),
      productDocumentId: optional(z.int()),
      productDocumentVersion: optional(z.int()),
      metaData: optional(safeRecord(responseSchemas().MetadataEntry)),
    })
    .register(z.globalRegistry, { id: 'CreateArtefactRequest' })
  const CreateCategoryRequest = z
    .object({ name: boundedText(128) })
    .register(z.globalRegistry, { id: 'CreateCategoryRequest' })
  return { CreateArtefactRequest, CreateCategoryRequest }
})

/**
 * What one tab tells the others. Receivers parse every message with it: a message is
 * untrusted input, like a stored record.
 * @example
 * const parsed = tabMessage().safeParse(event.data)
 */
export const tabMessage = once(() => {
  const { Category, StoredArtefact } = responseSchemas()
  // `generation`: the resets the sender had seen; a message from before a reset is never applied after it.
  const generation = z.optional(z.int().check(z.minimum(0)))
  return z.discriminatedUnion('type', [
    z.object({ type: z.literal('artefact'), record: StoredArtefact, generation }),
    z.object({ type: z.literal('category'), category: Category, generation }),
    z.object({ type: z.literal('reset'), generation }),
  ])
})
export type TabMessage = z.infer<ReturnType<typeof tabMessage>>

/**
 * What the mock's code that runs without importing zod reaches through `zod-side.ts` (decision 054).
 * A module that reads the schemas synchronously hands it over: `provideZodSide(ZOD_SIDE)`. This
 * module does not, since importing `zod-side.ts` would share a module with a page's start.
 */
export const ZOD_SIDE = { responseSchemas, requestSchemas, tabMessage, safeParse: z.safeParse, REQUEST_MESSAGES }
export type ZodSide = typeof ZOD_SIDE
