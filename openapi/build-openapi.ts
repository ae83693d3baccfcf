/**
 * The OpenAPI 3.1 document of the Artefact preview service, generated from the
 * operation registry (`mocks/operations/`), the status table and the zod schemas
 * in `mocks/schemas/resources.ts` (their id in zod's global registry names the components), with
 * examples from the static data set. Pure: no I/O.
 */
import * as z from 'zod'
import { seedArtefacts } from '#mocks/data/artefacts.ts'
import { ERROR_STATUSES, type ErrorStatus, STATUS_TABLE } from '#mocks/schemas/status-table.ts'
import { PREFIX } from '#mocks/contract/router.ts'
import type { Example, Operation } from '#mocks/contract/operation.ts'
import { OPERATIONS } from '#mocks/operations/registry.ts'
import * as S from '#mocks/schemas/resources.ts'

type Json = Record<string, unknown>

/** The origin the examples' `links` use: the HTTP mode's default address. */
export const EXAMPLE_ORIGIN = 'http://127.0.0.1:8787'
const ref = (kind: string, id: string) => ({ $ref: `#/components/${kind}/${id}` })

/**
 * Response bodies are described as zod outputs, request bodies as zod inputs (before trimming and `null` → absent).
 * Beside these shared parts, every operation adds its request and success schemas.
 */
const OUTPUT_SCHEMAS: z.core.$ZodType[] = [
  S.ErrorBody,
  S.ContentItem,
  S.Channel,
  S.Variation,
  S.Category,
  S.QueryVariation,
  S.MetadataEntry,
  S.Link,
]
const INPUT_SCHEMAS: z.core.$ZodType[] = [S.MetadataEntry]

function componentSchemas(schemas: z.core.$ZodType[], io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>()
  for (const schema of schemas) {
    const id = z.globalRegistry.get(schema)?.id
    if (!id) throw new Error(`[artefact-mock] a component schema has no id in zod's global registry`)
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

/** A header's component name: `Retry-After` is `RetryAfter`. */
const headerComponent = (name: string) => name.replaceAll('-', '')

function errorResponse(status: ErrorStatus): Json {
  const { message, headers: usual, openapi } = STATUS_TABLE[status]
  const headers: Json = { 'X-Mock-Reason': ref('headers', 'XMockReason') }
  for (const name of usual) headers[name] = ref('headers', headerComponent(name))
  const example: S.ErrorBody = { errorCode: String(status), message }
  // The shared Error body, with this status's errorCode and the spec's message as constants.
  const schema = {
    allOf: [
      ref('schemas', 'Error'),
      {
        required: ['errorCode', 'message'],
        properties: { errorCode: { const: example.errorCode }, message: { const: message } },
      },
    ],
  }
  return {
    description: `${message}. ${openapi.detail}`,
    headers,
    content: { 'application/json': { schema, example } },
  }
}

/** `Prefer: code=<status>`, read by every operation (behaviour §2 step 4), from the status table. */
const PREFER = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description:
    `Forces an error answer (the convention of OpenAPI mock servers): \`code=<status>\` with one of ${ERROR_STATUSES.join(', ')} ` +
    'answers that status with its Error body and usual headers; any other code (200 and 201 included) is 400. ' +
    'A forced status counts no call against the quota.',
  schema: { type: 'string' },
  example: 'code=429',
}

const schemaId = (schema: z.core.$ZodType) => {
  const id = z.globalRegistry.get(schema)?.id
  if (!id) throw new Error(`[artefact-mock] an operation schema has no id in zod's global registry`)
  return id
}

const jsonBody = (schema: z.core.$ZodType, examples: Record<string, Example>) => ({
  'application/json': { schema: ref('schemas', schemaId(schema)), examples },
})

/** One operation's OpenAPI operation object, from its registry entry. */
function operationObject(operation: Operation): Json {
  const { openapi: docs, success } = operation
  const errors = Object.fromEntries(
    ERROR_STATUSES.map((status) => [String(status), ref('responses', STATUS_TABLE[status].openapi.name)]),
  )
  const headers = Object.keys(success.headers).map((name) => [name, ref('headers', headerComponent(name))])
  const parameters = [...Object.keys(docs.parameters ?? {}), 'Prefer'].map((name) => ref('parameters', name))
  return {
    operationId: docs.operationId ?? operation.name,
    summary: operation.title,
    description: `${docs.description}\n\n**Coming soon**: suite ${operation.suite} is a preview, backed by a static mock data set.`,
    tags: [docs.tag],
    'x-suite-version': operation.suite,
    // The spec describes no authentication.
    security: [],
    parameters,
    ...(operation.request && {
      requestBody: {
        required: true,
        content: jsonBody(operation.request, docs.requestExamples?.({ artefacts: seedArtefacts }) ?? {}),
      },
    }),
    responses: {
      [String(success.status)]: {
        description: docs.success.description,
        ...(headers.length > 0 && { headers: Object.fromEntries(headers) }),
        content: jsonBody(success.schema, docs.success.examples(EXAMPLE_ORIGIN)),
      },
      ...errors,
    },
  }
}

/**
 * `OPTIONS` on a path (behaviour §2 step 3): 204 with `Allow` and no body; 503 in maintenance, as
 * every answer. Not in the service spec: the mock's own answer, so a tool that asks sees it.
 */
function optionsObject(operations: readonly Operation[]): Json {
  const [first] = operations
  if (!first) throw new Error('[artefact-mock] a path with no operation')
  const parameters = Object.keys(first.openapi.parameters ?? {})
    .filter((name) => first.openapi.parameters?.[name]?.in === 'path')
    .map((name) => ref('parameters', name))
  const methods = [...operations.map((operation) => operation.method), 'OPTIONS'].join(', ')
  return {
    operationId: `${first.openapi.operationId ?? first.name}Options`,
    summary: `The methods of ${first.path}`,
    description: `Answers 204 with \`Allow: ${methods}\` and no body; any other method than these is 405 with the same \`Allow\`. The mock's answer: the service spec does not describe OPTIONS.`,
    tags: [first.openapi.tag],
    security: [],
    ...(parameters.length > 0 && { parameters }),
    responses: {
      '204': { description: 'The methods the path allows, in `Allow`.', headers: { Allow: ref('headers', 'Allow') } },
      '400': ref('responses', STATUS_TABLE[400].openapi.name),
      '503': ref('responses', STATUS_TABLE[503].openapi.name),
    },
  }
}

/** The paths object: operations that share a path share its path item, one per method, and its OPTIONS. */
function pathsOf(operations: readonly Operation[]): Record<string, Record<string, Json>> {
  const paths: Record<string, Record<string, Json>> = {}
  const byPath = new Map<string, Operation[]>()
  for (const operation of operations) {
    const path = `${PREFIX}${operation.path}`
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(operation) }
    byPath.set(path, [...(byPath.get(path) ?? []), operation])
  }
  for (const [path, shared] of byPath) paths[path] = { ...paths[path], options: optionsObject(shared) }
  return paths
}

const NUMBERS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten']
/** 'a', 'a and b', 'a, b and c'. */
const listed = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
const bySuite = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true })

/** What each tag holds, before the suites its operations belong to. */
const TAGS: Record<string, string> = {
  Artefacts: 'Curated content produced by an artefact curation tool',
  'Artefact categories': 'Categories that classify artefacts',
}

function tagsOf(operations: readonly Operation[]) {
  const names = [...new Set(operations.map((operation) => operation.openapi.tag))]
  return names.map((name) => {
    const suites = operations.filter((operation) => operation.openapi.tag === name).map((operation) => operation.suite)
    const what = TAGS[name] ?? name
    return { name, description: `${what} (suite${suites.length > 1 ? 's' : ''} ${listed(suites)}, coming soon).` }
  })
}

function infoOf(operations: readonly Operation[]) {
  const count = NUMBERS[operations.length] ?? String(operations.length)
  const titles = operations.map(
    (operation, at) =>
      `${operation.title[0]?.toLowerCase()}${operation.title.slice(1)} (${at === 0 ? 'suite ' : ''}${operation.suite})`,
  )
  const latest = operations
    .map((operation) => operation.suite)
    .sort(bySuite)
    .at(-1)
  return {
    title: 'Artefact preview service',
    version: `${latest}-preview`,
    contact: { name: 'artefact-preview-mock' },
    license: { name: 'MIT', identifier: 'MIT' },
    description:
      `${count} artefact operations of the content-interface suite's preview line (\`${PREFIX}\`): ${listed(titles)}. ` +
      'Each suite is **coming soon** and backed by a static mock data set.\n\n' +
      "Every error answers the `Error` body with the spec's message; the mock adds the reason in words in `X-Mock-Reason`. " +
      'A request can force any error status with `Prefer: code=<status>` (the convention of OpenAPI mock servers). Generated from the zod schemas of artefact-preview-mock.',
  }
}

/** The header components: the mock's own, the status table's, and the operations' success headers. */
function headerComponents(operations: readonly Operation[]): Record<string, Json> {
  // Each is sent on every answer that names it (the status table's headers, the operations' success headers).
  const own: Record<string, Json> = {
    Allow: {
      description: 'The methods the resource allows.',
      required: true,
      schema: { type: 'string' },
      example: 'POST, OPTIONS',
    },
    RetryAfter: {
      description: 'Whole seconds until a request may succeed.',
      required: true,
      schema: { type: 'integer', minimum: 0 },
      example: 30,
    },
    XMockReason: {
      description: "The mock's reason for an error, in words (which field, which rule, which setting).",
      required: true,
      schema: { type: 'string' },
    },
  }
  const theirs = operations.flatMap((operation) => Object.entries(operation.openapi.headers ?? {}))
  return sortKeys({
    ...own,
    ...Object.fromEntries(theirs.map(([name, header]) => [headerComponent(name), { required: true, ...header }])),
  })
}

/**
 * Builds the OpenAPI 3.1 document of the registry's operations (default: the mock's).
 * @example
 * const document = buildOpenApi()
 * document.paths['/v3/preview-upcoming/resources/artefact/{id}'].get.operationId // 'getArtefact'
 */
export function buildOpenApi(operations: readonly Operation[] = OPERATIONS) {
  const output = [...new Set([...OUTPUT_SCHEMAS, ...operations.map((operation) => operation.success.schema)])]
  const input = [...new Set([...INPUT_SCHEMAS, ...operations.flatMap((operation) => operation.request ?? [])])]
  const schemas = { ...componentSchemas(input, 'input'), ...componentSchemas(output, 'output') }
  const responses = Object.fromEntries(
    ERROR_STATUSES.map((status) => [STATUS_TABLE[status].openapi.name, errorResponse(status)]),
  )
  const parameters = Object.assign(
    { Prefer: PREFER },
    ...operations.map((operation) => operation.openapi.parameters ?? {}),
  ) as Record<string, Json>
  return {
    openapi: '3.1.0',
    info: infoOf(operations),
    servers: [
      {
        url: '/',
        description: 'The mock: the explorer, or `npx artefact-preview-mock serve` at http://127.0.0.1:8787',
      },
    ],
    tags: tagsOf(operations),
    paths: pathsOf(operations),
    components: {
      schemas: sortKeys(schemas),
      parameters: sortKeys(parameters),
      responses: sortKeys(responses),
      headers: headerComponents(operations),
    },
  }
}

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
