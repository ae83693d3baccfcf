/**
 * The zod schemas of the Artefact preview service: the one source of the
 * request and resource types. The handlers validate requests with them, the
 * explorer parses responses with them.
 */
import * as z from 'zod'

/** A field sent as `null` counts as absent (behaviour §5). */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined)

const trimmed = () => z.string().trim()

/**
 * A trimmed, non-empty string of at most `max` JavaScript string units (behaviour §5).
 * zod's `.max` counts code points, so the refine holds the unit count; `.max` stays for the JSON Schema.
 */
const boundedText = (max: number) =>
  trimmed()
    .min(1, 'must be a non-empty string')
    .max(max, { message: `must be at most ${max} characters`, abort: true })
    .refine((text) => text.length <= max, `must be at most ${max} characters`)

/**
 * Any-case 8-4-4-4-12 hex, the form the path id must take (behaviour §4).
 * @example
 * UUID_PATTERN.test('0A1E0001-5C0F-4A11-9C00-000000000001') // true
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Writes a zod issue path the way JavaScript reads it: `variations[1].content[0].text`.
 * @example
 * formatIssuePath(['variations', 1, 'channels', 0, 'id']) // 'variations[1].channels[0].id'
 */
export const formatIssuePath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  )

const DateTime = z.iso.datetime({ offset: true })
const Uuid = z.string().regex(UUID_PATTERN, 'must be a UUID')

/**
 * A string-keyed map whose values fit `value`. Unlike `z.record`, it keeps a
 * `__proto__` key as data (behaviour §7) and never touches a prototype.
 */
const safeRecord = <T extends z.ZodType>(value: T) =>
  z
    .custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
      'must be an object',
    )
    .transform((input, ctx) => {
      const entries: Array<[string, z.output<T>]> = []
      for (const key of Object.keys(input)) {
        const result = value.safeParse(input[key])
        if (result.success) {
          entries.push([key, result.data])
          continue
        }
        for (const issue of result.error.issues) {
          ctx.issues.push({ ...issue, input: undefined, path: [key, ...issue.path] })
        }
      }
      // Object.fromEntries defines own data properties, so `__proto__` stays a key.
      return Object.fromEntries(entries) as Record<string, z.output<T>>
    })

// ---------------------------------------------------------------- resources

/**
 * The body of every error answer: the status as text and the spec's message.
 * @example
 * ErrorBody.parse(await res.json()) // { errorCode: '404', message: 'Not Found' }
 */
export const ErrorBody = z.object({ errorCode: z.string(), message: z.string() }).strict().meta({ id: 'Error' })
export type ErrorBody = z.infer<typeof ErrorBody>

/**
 * A content item as the read side shows it: `text` for text items, `href` for the rest.
 * @example
 * ContentItem.parse({ mediaType: 'image/png', text: null, href: 'https://cdn.example/a.png', resourceLocation: null })
 */
export const ContentItem = z
  .object({
    mediaType: z.string(),
    text: z.string().nullable(),
    href: z.string().nullable(),
    resourceLocation: z.string().nullable(),
  })
  .meta({ id: 'ContentItem' })
export type ContentItem = z.infer<typeof ContentItem>

/**
 * A channel a variation is for; `name` is null when it was not given.
 * @example
 * Channel.parse({ id: 1, name: 'web' })
 */
export const Channel = z.object({ id: z.int(), name: z.string().nullable() }).meta({ id: 'Channel' })
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
  .meta({ id: 'Variation' })
export type Variation = z.infer<typeof Variation>

/**
 * An artefact category with its dates.
 * @example
 * Category.parse({ id: 7, name: 'Mobile', dateCreated: '2026-11-22T10:00:00Z', dateModified: '2026-11-22T10:00:00Z' })
 */
export const Category = z
  .object({
    id: z.int(),
    name: z.string(),
    dateCreated: DateTime,
    dateModified: DateTime,
  })
  .meta({ id: 'Category' })
export type Category = z.infer<typeof Category>

/**
 * Another wording of the artefact's primary query, with an id unique in the artefact.
 * @example
 * QueryVariation.parse({ id: 1, query: 'forgot password' })
 */
export const QueryVariation = z.object({ id: z.int(), query: z.string() }).meta({ id: 'QueryVariation' })
export type QueryVariation = z.infer<typeof QueryVariation>

/**
 * The value of one `metaData` key.
 * @example
 * MetadataEntry.parse({ values: ['2026-03-01'], dataType: 'date' })
 */
export const MetadataEntry = z
  .object({ values: z.array(z.string()), dataType: z.string() })
  .meta({ id: 'MetadataEntry' })
export type MetadataEntry = z.infer<typeof MetadataEntry>

/**
 * A link of the read side; `type` holds an HTTP method name.
 * @example
 * Link.parse({ href: 'https://api.example.test/v3/preview-upcoming/resources/artefact/…', rel: 'self', type: 'GET' })
 */
export const Link = z.object({ href: z.string(), rel: z.string(), type: z.string() }).meta({ id: 'Link' })
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
    category: Category.nullable(),
    primaryQuery: z.string().nullable(),
    queryVariations: z.array(QueryVariation),
    productDocumentId: z.int().nullable(),
    productDocumentVersion: z.int().nullable(),
    metaData: safeRecord(MetadataEntry),
    links: z.array(Link),
    dateCreated: DateTime,
    dateModified: DateTime,
  })
  .meta({ id: 'Artefact' })
export type Artefact = z.infer<typeof Artefact>

/**
 * An artefact as the store keeps it: no links (they depend on the origin), plus its draft flag.
 * @example
 * StoredArtefact.safeParse(recordFromIndexedDb).success
 */
export const StoredArtefact = z.object({
  artefact: Artefact.omit({ links: true }),
  isDraft: z.boolean(),
})
export type StoredArtefact = z.infer<typeof StoredArtefact>

// ---------------------------------------------------------------- requests

const CreateContentItem = z.object({
  mediaType: z.string().min(1, 'must be a non-empty string'),
  text: optional(z.string()),
  source: optional(z.string()),
  resourceLocation: optional(z.string()),
})

const CreateVariationContentItem = z.object({
  mediaType: z.string().min(1, 'must be a non-empty string'),
  text: optional(z.string()),
  href: optional(z.string()),
  resourceLocation: optional(z.string()),
})

const CreateChannel = z.object({ id: z.int(), name: optional(z.string()) })

const CreateCategoryRef = z
  .object({ id: optional(z.int()), name: optional(trimmed()) })
  .refine((c) => c.id !== undefined || (c.name !== undefined && c.name !== ''), {
    message: 'needs at least one of id and name',
  })

/**
 * The body of `POST /artefact` (behaviour §5): trims names and queries, drops unknown fields,
 * reads `null` as absent.
 * @example
 * CreateArtefactRequest.parse({ title: ' Reset your password ' }).title // 'Reset your password'
 */
export const CreateArtefactRequest = z
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
    metaData: optional(safeRecord(MetadataEntry)),
  })
  .meta({ id: 'CreateArtefactRequest' })
export type CreateArtefactRequest = z.input<typeof CreateArtefactRequest>
export type CreateArtefactInput = z.output<typeof CreateArtefactRequest>

/**
 * The 200 answer of `POST /artefact`; `responseId` names the new artefact when `hasErrors` is false.
 * @example
 * const { responseId, hasErrors, errors } = CreateArtefactResponse.parse(await res.json())
 */
export const CreateArtefactResponse = z
  .object({ responseId: Uuid, hasErrors: z.boolean(), errors: z.array(z.string()) })
  .meta({ id: 'CreateArtefactResponse' })
export type CreateArtefactResponse = z.infer<typeof CreateArtefactResponse>

/**
 * The body of `POST /artefactcategory` (behaviour §5).
 * @example
 * CreateCategoryRequest.parse({ name: 'Mobile apps' })
 */
export const CreateCategoryRequest = z
  .object({
    name: boundedText(128),
  })
  .meta({ id: 'CreateCategoryRequest' })
export type CreateCategoryRequest = z.input<typeof CreateCategoryRequest>

/**
 * The 201 answer of `POST /artefactcategory`.
 * @example
 * const { categoryId } = CreateCategoryResponse.parse(await res.json()) // 7 on a fresh store
 */
export const CreateCategoryResponse = z
  .object({ categoryId: z.int(), categoryName: z.string() })
  .meta({ id: 'CreateCategoryResponse' })
export type CreateCategoryResponse = z.infer<typeof CreateCategoryResponse>
