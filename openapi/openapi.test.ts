import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, test } from 'vitest'
import { ERROR_MESSAGES, ERROR_STATUSES } from '#mocks/schemas/status-table.ts'
import { CreateArtefactRequest, CreateCategoryRequest } from '#mocks/schemas/requests.ts'
import { Artefact, CreateArtefactResponse, CreateCategoryResponse, ErrorBody } from '#mocks/schemas/resources.ts'
import { OPERATIONS } from '#mocks/operations/registry.ts'
import { listCategories, WITH_FOURTH } from '#mocks/testing/fourth-operation.ts'
import { buildOpenApi, openApiJson } from './build-openapi.ts'

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')
// Read as plain JSON, the way other tools see it.
const document: any = buildOpenApi()
const everyOperation = (doc: any): any[] => Object.values(doc.paths).flatMap((item: any) => Object.values(item))
/** The spec's operations: every method but the mock's OPTIONS answers. */
const operations: any[] = Object.values(document.paths).flatMap((item: any) =>
  Object.entries(item)
    .filter(([method]) => method !== 'options')
    .map(([, operation]) => operation),
)
const examplesOf = (media: any) =>
  Object.values(media.content['application/json'].examples).map((example: any) => example.value)

describe('the checked-in document', () => {
  test('openapi.json equals a fresh build', () => {
    expect(read('../openapi.json') === openApiJson(), 'openapi.json is stale: run `npm run openapi`').toBe(true)
  })

  test('is a valid OpenAPI 3.1 document with every $ref resolved', async () => {
    const validator = new Validator()
    const result = await validator.validate(JSON.parse(read('../openapi.json')))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })
})

describe('what it describes', () => {
  test("has the spec's three operations with their suite versions", () => {
    const summary = operations.map((op) => [op.operationId, op['x-suite-version']])
    expect(summary).toEqual(
      expect.arrayContaining([
        ['createArtefact', '3.5.0'],
        ['createArtefactCategory', '3.4.0'],
        ['getArtefact', '3.7.0'],
      ]),
    )
    expect(summary).toHaveLength(OPERATIONS.length)
    for (const op of operations) expect(op.description).toContain('Coming soon')
  })

  test('every operation lists all nine error statuses with the shared Error body', () => {
    for (const op of operations) {
      const errors = Object.keys(op.responses).filter((status) => Number(status) >= 400)
      expect(errors).toEqual(ERROR_STATUSES.map(String))
    }
    for (const status of ERROR_STATUSES) {
      const response = Object.values(document.components.responses).find(
        (r: any) => r.content['application/json'].example.errorCode === String(status),
      ) as any
      expect(response.content['application/json'].schema).toEqual({
        allOf: [
          { $ref: '#/components/schemas/Error' },
          {
            required: ['errorCode', 'message'],
            properties: { errorCode: { const: String(status) }, message: { const: ERROR_MESSAGES[status] } },
          },
        ],
      })
      expect(ErrorBody.parse(response.content['application/json'].example).errorCode).toBe(String(status))
      expect(Object.keys(response.headers)).toContain('X-Mock-Reason')
    }
  })

  test('names Retry-After on 429 and 503, Allow on 405, X-Artefact-Status on the GET 200', () => {
    const { responses } = document.components
    expect(Object.keys(responses.TooManyRequests.headers)).toContain('Retry-After')
    expect(Object.keys(responses.ServiceUnavailable.headers)).toContain('Retry-After')
    expect(Object.keys(responses.MethodNotAllowed.headers)).toContain('Allow')
    const get = document.paths['/v3/preview-upcoming/resources/artefact/{id}'].get.responses['200'] as any
    expect(Object.keys(get.headers)).toEqual(['X-Artefact-Status'])
  })

  test('takes its schemas from the zod ids', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Artefact',
        'Category',
        'Channel',
        'ContentItem',
        'CreateArtefactRequest',
        'CreateArtefactResponse',
        'CreateCategoryRequest',
        'CreateCategoryResponse',
        'Error',
        'Link',
        'MetadataEntry',
        'QueryVariation',
        'Variation',
      ]),
    )
    expect(document.components.schemas.Artefact.properties).toMatchObject({
      category: { anyOf: [{ $ref: '#/components/schemas/Category' }, { type: 'null' }] },
    })
  })

  test('its examples parse with the zod schemas', () => {
    const byId = (id: string) => operations.find((op) => op.operationId === id)
    const [artefact] = examplesOf(byId('getArtefact').responses['200'])
    expect(Artefact.parse(artefact).id).toBe('0a1e0001-5c0f-4a11-9c00-000000000001')
    for (const body of examplesOf(byId('createArtefact').requestBody))
      expect(CreateArtefactRequest.safeParse(body).success).toBe(true)
    for (const body of examplesOf(byId('createArtefact').responses['200']))
      expect(CreateArtefactResponse.safeParse(body).success).toBe(true)
    for (const body of examplesOf(byId('createArtefactCategory').requestBody))
      expect(CreateCategoryRequest.safeParse(body).success).toBe(true)
    for (const body of examplesOf(byId('createArtefactCategory').responses['201']))
      expect(CreateCategoryResponse.safeParse(body).success).toBe(true)
  })
})

describe('as strict as the mock (issue 37 point 14)', () => {
  const schemas = document.components.schemas
  const { headers, parameters } = document.components

  test('marks the headers sent on every answer that names them as required', () => {
    expect(headers.Allow.required).toBe(true)
    expect(headers.RetryAfter.required).toBe(true)
    expect(headers.XArtefactStatus.required).toBe(true)
    expect(headers.XMockReason.required).toBe(true)
  })

  test('declares OPTIONS on every path: 204 with Allow, and Prefer on every operation', () => {
    for (const [path, item] of Object.entries<any>(document.paths)) {
      const methods = Object.keys(item).filter((method) => method !== 'options')
      expect(item.options.responses['204'].headers, path).toEqual({ Allow: { $ref: '#/components/headers/Allow' } })
      expect(item.options.description).toContain(
        `Allow: ${[...methods.map((method) => method.toUpperCase()), 'OPTIONS'].join(', ')}`,
      )
    }
    for (const op of operations) expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/Prefer' })
    expect(parameters.Prefer).toMatchObject({ name: 'Prefer', in: 'header', required: false })
  })

  test('says every operation needs no credentials, and hasErrors is read-only', () => {
    for (const op of everyOperation(document)) expect(op.security).toEqual([])
    expect(schemas.CreateArtefactResponse.properties.hasErrors).toEqual({ type: 'boolean', readOnly: true })
  })

  test('has Channel.name a string, as the spec says', () => {
    expect(schemas.Channel.properties.name).toEqual({ type: 'string' })
  })

  test('says what it cannot express of a trimmed text in words', () => {
    const title = schemas.CreateArtefactRequest.properties.title
    expect(title).not.toHaveProperty('maxLength')
    expect(title.description).toContain('once trimmed')
    expect(schemas.CreateArtefactRequest.properties.category.anyOf[0].description).toContain(
      'At least one of `id` and `name`',
    )
  })
})

describe('a registry with a fourth, made-up operation', () => {
  const fourth: any = buildOpenApi(WITH_FOURTH)

  test('gets its path item beside the operation that shares its path', () => {
    const item = fourth.paths['/v3/preview-upcoming/resources/artefactcategory']
    expect(Object.keys(item)).toEqual(['post', 'get', 'options'])
    expect(item.options.description).toContain('Allow: POST, GET, OPTIONS')
    expect(item.get).toMatchObject({
      operationId: 'listCategories',
      summary: listCategories.title,
      'x-suite-version': '3.8.0',
      tags: ['Artefact categories'],
    })
    expect(item.get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CategoryList',
    })
    expect(Object.keys(item.get.responses['200'].headers)).toEqual(['X-Category-Count'])
    expect(Object.keys(item.get.responses).filter((status) => Number(status) >= 400)).toEqual(
      ERROR_STATUSES.map(String),
    )
  })

  test('gets its schema, its header, its suite in the tag and the info, and stays a valid document', async () => {
    expect(fourth.components.schemas.CategoryList).toBeDefined()
    expect(fourth.components.headers.XCategoryCount).toBeDefined()
    expect(fourth.tags[1].description).toContain('suites 3.4.0 and 3.8.0')
    expect(fourth.info).toMatchObject({
      version: '3.8.0-preview',
      description: expect.stringMatching(
        /^Four artefact operations .* and list the artefact categories \(3\.8\.0\)\. /,
      ),
    })
    const result = await new Validator().validate(JSON.parse(JSON.stringify(fourth)))
    expect(result.errors).toBeUndefined()
  })

  test('leaves the three operations as they are', () => {
    expect(fourth.paths['/v3/preview-upcoming/resources/artefact']).toEqual(
      document.paths['/v3/preview-upcoming/resources/artefact'],
    )
    expect(fourth.paths['/v3/preview-upcoming/resources/artefactcategory'].post).toEqual(
      document.paths['/v3/preview-upcoming/resources/artefactcategory'].post,
    )
  })
})
