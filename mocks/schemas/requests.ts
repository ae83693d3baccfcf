/**
 * The zod schemas of the request bodies the mock validates (behaviour §5): what a client
 * sends to the create operations. The answers and resources are in `./resources.ts`.
 */
import * as z from 'zod/mini'
import { MetadataEntry } from './resources.ts'
import { safeRecord } from './safe-record.ts'

/** A field sent as `null` counts as absent (behaviour §5). */
const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.nullish(schema),
    z.transform((value: z.output<T> | null | undefined) => value ?? undefined),
  )

const trimmed = () => z.string().check(z.trim())
/** Trimmed, and an empty string then counts as absent (contract §6): `primaryQuery: ""` is stored as null. */
const trimmedOrAbsent = () =>
  z.pipe(
    trimmed(),
    z.transform((text: string) => (text === '' ? undefined : text)),
  )
/** A required non-empty string (contract §5), kept as sent: white space alone does not count as content. */
const nonBlank = () =>
  z
    .string()
    .check(
      z.minLength(1, { message: 'must be a non-empty string', abort: true }),
      z.regex(/\S/, 'must not be white space only'),
    )

/**
 * What the OpenAPI document says of a text the mock trims before it checks it: JSON Schema checks
 * the text as sent, so a pattern holds "1 to `max` characters once trimmed" (`\s` is the white
 * space `trim` removes), and the description says what a pattern cannot.
 */
const trimmedTextSchema = (max: number) => ({
  pattern: `^\\s*\\S(?:[\\s\\S]{0,${max - 2}}\\S)?\\s*$`,
  description:
    `Trimmed before it is checked and stored: 1 to ${max} characters once trimmed, so not white space only. ` +
    'The mock counts JavaScript string length (UTF-16 code units); the pattern counts code points, so a text ' +
    'with characters beyond U+FFFF (emoji) can fit the pattern and still be refused.',
})

/**
 * A trimmed, non-empty string of at most `max` JavaScript string units (behaviour §5). Trimmed
 * first, then checked by refines (zod's `minLength`/`maxLength` would put the untrimmed bounds in
 * the JSON Schema); `trimmedTextSchema` is what the document says instead.
 */
const boundedText = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.refine((text) => text !== '', { message: 'must be a non-empty string', abort: true }),
      z.refine((text) => text.length <= max, `must be at most ${max} characters`),
    )
    .register(z.globalRegistry, trimmedTextSchema(max))

const CreateContentItem = z.object({
  mediaType: nonBlank(),
  text: optional(z.string()),
  source: optional(z.string()),
  resourceLocation: optional(z.string()),
})

const CreateVariationContentItem = z.object({
  mediaType: nonBlank(),
  text: optional(z.string()),
  href: optional(z.string()),
  resourceLocation: optional(z.string()),
})

const CreateChannel = z.object({ id: z.int(), name: optional(z.string()) })

const CreateCategoryRef = z
  .object({ id: optional(z.int()), name: optional(trimmed()) })
  .check(
    z.refine((c) => c.id !== undefined || (c.name !== undefined && c.name !== ''), {
      message: 'needs at least one of id and name',
    }),
  )
  // The refine in JSON Schema: an integer id, or a name that is not white space only (null counts as absent).
  .register(z.globalRegistry, {
    anyOf: [
      { required: ['id'], properties: { id: { type: 'integer' } } },
      { required: ['name'], properties: { name: { type: 'string', pattern: '\\S' } } },
    ],
    description: 'At least one of `id` and `name`; a name is trimmed, and `null` or white space only counts as absent.',
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
    primaryQuery: optional(trimmedOrAbsent()),
    queryVariations: optional(z.array(z.object({ query: trimmed() }))),
    productDocumentId: optional(z.int()),
    productDocumentVersion: optional(z.int()),
    metaData: optional(safeRecord(MetadataEntry)),
  })
  .register(z.globalRegistry, { id: 'CreateArtefactRequest' })
export type CreateArtefactRequest = z.input<typeof CreateArtefactRequest>
export type CreateArtefactInput = z.output<typeof CreateArtefactRequest>

/**
 * The body of `POST /artefactcategory` (behaviour §5).
 * @example
 * CreateCategoryRequest.parse({ name: 'Mobile apps' })
 */
export const CreateCategoryRequest = z
  .object({ name: boundedText(128) })
  .register(z.globalRegistry, { id: 'CreateCategoryRequest' })
export type CreateCategoryRequest = z.input<typeof CreateCategoryRequest>
