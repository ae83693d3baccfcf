/**
 * The OpenAPI 3.1 document of the Artefact preview service, generated from the
 * zod schemas in `mocks/schemas.ts` (their `.meta({ id })` names the
 * components) with examples from the static data set. Pure: no I/O.
 */
import * as z from 'zod'
import { checkRules } from '#mocks/artefact/rules.ts'
import { seedArtefacts } from '#mocks/data/artefacts.ts'
import { seedCategories } from '#mocks/data/categories.ts'
import { ERROR_MESSAGES, ERROR_STATUSES, type ErrorStatus } from '#mocks/handlers/errors.ts'
import { PREFIX } from '#mocks/handlers/scope.ts'
import * as S from '#mocks/schemas.ts'
import { buildSeed } from '#mocks/store.ts'

type Json = Record<string, unknown>

/** The origin the examples' `links` use: the HTTP mode's default address. */
export const EXAMPLE_ORIGIN = 'http://127.0.0.1:8787'
const ref = (kind: string, id: string) => ({ $ref: `#/components/${kind}/${id}` })

/** Response bodies are described as zod outputs, request bodies as zod inputs (before trimming and `null` → absent). */
const OUTPUT_SCHEMAS = [
  S.ErrorBody, S.ContentItem, S.Channel, S.Variation, S.Category, S.QueryVariation, S.MetadataEntry,
  S.Link, S.Artefact, S.CreateArtefactResponse, S.CreateCategoryResponse,
]
const INPUT_SCHEMAS = [S.MetadataEntry, S.CreateArtefactRequest, S.CreateCategoryRequest]

function componentSchemas(schemas: z.ZodType[], io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>()
  for (const schema of schemas) {
    const id = z.globalRegistry.get(schema)?.id
    if (!id) throw new Error(`[artefact-mock] a component schema has no .meta({ id })`)
    registry.add(schema, { id })
  }
  const { schemas: out } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    uri: (id) => `#/components/schemas/${id}`,
    // metaData is a `__proto__`-safe z.custom (schemas.ts): in JSON Schema, a map of MetadataEntry.
    unrepresentable: ({ path, message }) => {
      if (path.at(-1) === 'metaData') return { type: 'object', additionalProperties: ref('schemas', 'MetadataEntry') }
      throw new Error(`[artefact-mock] ${path.join('.')}: ${message}`)
    },
    override: ({ jsonSchema }) => {
      if (jsonSchema.pattern === S.UUID_PATTERN.source) {
        // JSON Schema patterns have no flags: spell out the any-case match of UUID_PATTERN.
        jsonSchema.format = 'uuid'
        jsonSchema.pattern = S.UUID_PATTERN.source.replaceAll('a-f', 'a-fA-F')
      }
      // format date-time is RFC 3339, which already requires the offset zod checks with its pattern.
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern
    },
  })
  return Object.fromEntries(
    Object.entries(out).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema as Json]),
  )
}

const ERROR_RESPONSES: Record<ErrorStatus, { name: string; condition: string }> = {
  400: { name: 'BadRequest', condition: 'The request is malformed: body missing, not JSON or not an object, or over the size limit; `isDraft` not exactly `true`/`false`; an id that is not a UUID; a `Prefer: code=` that is not an error status.' },
  403: { name: 'OutOfQuota', condition: 'The caller is out of call volume quota.' },
  404: { name: 'NotFound', condition: 'Nothing matches the request URI: an unknown path under the prefix, or no artefact with this id.' },
  405: { name: 'MethodNotAllowed', condition: 'The method is not allowed for the addressed resource; `Allow` lists the allowed ones.' },
  406: { name: 'NotAcceptable', condition: 'The Accept header asks for a representation other than `application/json`.' },
  415: { name: 'UnsupportedMediaType', condition: 'The body is not `application/json` (an absent Content-Type reads as JSON).' },
  422: { name: 'UnprocessableEntity', condition: 'The body is well-formed JSON but does not fit the request schema, or a category name is taken.' },
  429: { name: 'TooManyRequests', condition: "The number of requests has reached the plan's rate limit; `Retry-After` says when to try again." },
  503: { name: 'ServiceUnavailable', condition: 'The servers are under maintenance; `Retry-After` says when to try again.' },
}

function errorResponse(status: ErrorStatus): Json {
  const headers: Json = { 'X-Mock-Reason': ref('headers', 'XMockReason') }
  if (status === 405) headers.Allow = ref('headers', 'Allow')
  if (status === 429 || status === 503) headers['Retry-After'] = ref('headers', 'RetryAfter')
  const example: S.ErrorBody = { errorCode: String(status), message: ERROR_MESSAGES[status] }
  return {
    description: `${ERROR_MESSAGES[status]}. ${ERROR_RESPONSES[status].condition}`,
    headers,
    content: { 'application/json': { schema: ref('schemas', 'Error'), example } },
  }
}

const jsonBody = (schema: string, examples: Record<string, { summary: string; value: unknown }>) => ({
  'application/json': { schema: ref('schemas', schema), examples },
})

function operation(fields: {
  id: string; summary: string; tag: string; suite: string; description: string
  parameters?: Json[]; requestBody?: Json; success: [status: string, response: Json]
}): Json {
  const errors = Object.fromEntries(ERROR_STATUSES.map((status) => [String(status), ref('responses', ERROR_RESPONSES[status].name)]))
  return {
    operationId: fields.id,
    summary: fields.summary,
    description: `${fields.description}\n\n**Coming soon**: suite ${fields.suite} is a preview, backed by a static mock data set.`,
    tags: [fields.tag],
    'x-suite-version': fields.suite,
    ...(fields.parameters && { parameters: fields.parameters }),
    ...(fields.requestBody && { requestBody: fields.requestBody }),
    responses: { [fields.success[0]]: fields.success[1], ...errors },
  }
}

/** The data set's examples: the read side of artefact …01, and create bodies built from seed requests. */
function examples() {
  const categories = S.Category.array().parse(seedCategories)
  const [first] = buildSeed(seedArtefacts.slice(0, 1), categories)
  if (!first) throw new Error('[artefact-mock] the data set has no artefacts')
  const { artefact } = first
  const read: S.Artefact = { ...artefact, links: [{ href: `${EXAMPLE_ORIGIN}${PREFIX}/resources/artefact/${artefact.id}`, rel: 'self', type: 'GET' }] }
  const create = seedArtefacts[0]?.request ?? { title: artefact.title }
  const broken: S.CreateArtefactRequest = { title: 'Pin a note', category: { id: 99 }, queryVariations: [{ query: 'pin' }, { query: 'Pin' }] }
  const lookup = {
    getCategory: (id: number) => categories.find((c) => c.id === id),
    findCategoryByName: (name: string) => categories.find((c) => c.name.toLowerCase() === name.trim().toLowerCase()),
  }
  const { errors } = checkRules(S.CreateArtefactRequest.parse(broken), lookup)
  const nextCategoryId = Math.max(...categories.map((c) => c.id)) + 1
  return { read, create, broken, errors, nextCategoryId }
}

/**
 * Builds the OpenAPI 3.1 document of the three operations.
 * @example
 * const document = buildOpenApi()
 * document.paths['/v3/preview-upcoming/resources/artefact/{id}'].get.operationId // 'getArtefact'
 */
export function buildOpenApi() {
  const ex = examples()
  const schemas = { ...componentSchemas(INPUT_SCHEMAS, 'input'), ...componentSchemas(OUTPUT_SCHEMAS, 'output') }
  const responses = Object.fromEntries(ERROR_STATUSES.map((status) => [ERROR_RESPONSES[status].name, errorResponse(status)]))
  const artefactId = seedArtefacts[0]?.id ?? ex.read.id
  return {
    openapi: '3.1.0',
    info: {
      title: 'Artefact preview service',
      version: '3.7.0-preview',
      description:
        'Three artefact operations of the content-interface suite\'s preview line (`/v3/preview-upcoming`): create an artefact (suite 3.5.0), create an artefact category (3.4.0) and get an artefact (3.7.0). ' +
        'Each suite is **coming soon** and backed by a static mock data set.\n\n' +
        'Every error answers the `Error` body with the spec\'s message; the mock adds the reason in words in `X-Mock-Reason`. ' +
        'A request can force any error status with `Prefer: code=<status>` (the convention of OpenAPI mock servers). Generated from the zod schemas of artefact-preview-mock.',
    },
    servers: [{ url: '/', description: 'The mock: the explorer, or `npx artefact-preview-mock serve` at http://127.0.0.1:8787' }],
    tags: [
      { name: 'Artefacts', description: 'Curated content produced by an artefact curation tool (suites 3.5.0 and 3.7.0, coming soon).' },
      { name: 'Artefact categories', description: 'Categories that classify artefacts (suite 3.4.0, coming soon).' },
    ],
    paths: {
      [`${PREFIX}/resources/artefact`]: {
        post: operation({
          id: 'createArtefact', summary: 'Create an artefact', tag: 'Artefacts', suite: '3.5.0',
          description: 'Creates an artefact. A body that fits the schema but breaks a rule of the data set is answered 200 with `hasErrors: true`, one sentence per item in `errors`, and nothing is stored. On success `responseId` is the id of the new artefact.',
          parameters: [ref('parameters', 'IsDraft')],
          requestBody: {
            required: true,
            content: jsonBody('CreateArtefactRequest', {
              fromDataSet: { summary: `The create request of artefact …01 (${ex.create.title})`, value: ex.create },
              minimal: { summary: 'Only the required title', value: { title: 'Pin a note to the top' } },
              breaksRules: { summary: 'Fits the schema but breaks rules of the data set: answered 200 with hasErrors', value: ex.broken },
            }),
          },
          success: ['200', {
            description: 'Created, or `hasErrors: true` when the body breaks a rule of the data set (nothing stored).',
            content: jsonBody('CreateArtefactResponse', {
              created: { summary: 'Created: responseId is the new artefact', value: { responseId: '6f1c2a9e-0b7d-4c3e-9a51-2d8f4e6b7c10', hasErrors: false, errors: [] } },
              hasErrors: { summary: 'hasErrors: the answer to the breaksRules body (nothing stored)', value: { responseId: 'c3d5e7f9-1a2b-4c4d-8e6f-7a8b9c0d1e2f', hasErrors: true, errors: ex.errors } },
            }),
          }],
        }),
      },
      [`${PREFIX}/resources/artefactcategory`]: {
        post: operation({
          id: 'createArtefactCategory', summary: 'Create an artefact category', tag: 'Artefact categories', suite: '3.4.0',
          description: 'Creates a category; ids continue after the data set\'s highest. A name already taken (case-insensitively) is 422.',
          requestBody: {
            required: true,
            content: jsonBody('CreateCategoryRequest', { mobile: { summary: 'A new category', value: { name: 'Mobile apps' } } }),
          },
          success: ['201', {
            description: 'The category was created.',
            content: jsonBody('CreateCategoryResponse', {
              mobile: { summary: 'The first category after the data set', value: { categoryId: ex.nextCategoryId, categoryName: 'Mobile apps' } },
            }),
          }],
        }),
      },
      [`${PREFIX}/resources/artefact/{id}`]: {
        get: operation({
          id: 'getArtefact', summary: 'Get an artefact', tag: 'Artefacts', suite: '3.7.0',
          description: 'Reads an artefact by id, with all the read-side fields.',
          parameters: [ref('parameters', 'ArtefactId')],
          success: ['200', {
            description: 'The artefact.',
            headers: { 'X-Artefact-Status': ref('headers', 'XArtefactStatus') },
            content: jsonBody('Artefact', { resetYourPassword: { summary: `Artefact …01 of the data set (${ex.read.title})`, value: ex.read } }),
          }],
        }),
      },
    },
    components: {
      schemas: sortKeys(schemas),
      parameters: {
        ArtefactId: {
          name: 'id', in: 'path', required: true, description: 'The id of the artefact.',
          schema: { type: 'string', format: 'uuid', pattern: S.UUID_PATTERN.source.replaceAll('a-f', 'a-fA-F') },
          example: artefactId,
        },
        IsDraft: {
          name: 'isDraft', in: 'query', required: false,
          description: 'Create the artefact as a draft. Exactly `true` or `false`, given at most once; anything else is 400.',
          schema: { type: 'boolean', default: false },
        },
      },
      responses: sortKeys(responses),
      headers: {
        Allow: { description: 'The methods the resource allows.', schema: { type: 'string' }, example: 'POST, OPTIONS' },
        RetryAfter: { description: 'Whole seconds until a request may succeed.', schema: { type: 'integer', minimum: 0 }, example: 30 },
        XArtefactStatus: { description: 'Whether the artefact is a draft.', schema: { type: 'string', enum: ['draft', 'published'] }, example: 'published' },
        XMockReason: { description: 'The mock\'s reason for an error, in words (which field, which rule, which setting).', required: true, schema: { type: 'string' } },
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/**
 * The document as it is checked in: two-space JSON with a trailing newline.
 * @example
 * writeFileSync('openapi.json', openApiJson())
 */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`
}
