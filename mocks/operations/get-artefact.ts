import { readSideOfDataSet } from '../data/read-side.ts'
import { errorResponse, quote } from '../contract/errors.ts'
import { REASONS } from '../contract/reasons.ts'
import { PREFIX } from '../contract/router.ts'
import { UUID_PATTERN } from '../schemas/helpers.ts'
import { Artefact } from '../schemas/resources.ts'
import { defineOperation, type Success } from '../contract/operation.ts'

const PATH = '/resources/artefact/{id}'
const pathOf = (id: string) => PATH.replace('{id}', id)

const SUCCESS: Success<Artefact> = {
  status: 200,
  schema: Artefact,
  headers: { 'X-Artefact-Status': 'published' },
  name: 'Artefact',
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Artefact …01 of the data set as the read side shows it, with links on `origin`. */
function firstArtefact(origin: string): Artefact {
  const [first] = readSideOfDataSet()
  if (!first) throw new Error('[artefact-mock] the data set has no artefacts')
  const { artefact } = first
  return { ...artefact, links: [{ href: `${origin}${PREFIX}${pathOf(artefact.id)}`, rel: 'self', type: 'GET' }] }
}

/**
 * GET /resources/artefact/{id} (suite 3.7.0).
 * @example
 * getArtefact.path // '/resources/artefact/{id}'
 */
export const getArtefact = defineOperation({
  name: 'getArtefact',
  method: 'GET',
  path: PATH,
  suite: '3.7.0',
  title: 'Get an artefact',
  label: 'Get artefact',
  request: null,
  query: [],
  success: SUCCESS,
  malformed: ({ params }) =>
    UUID_PATTERN.test(params.id ?? '') ? null : `id: ${quote(decoded(params.id ?? ''))} is not a UUID (8-4-4-4-12 hex)`,
  async handle({ url, params, control, scope, json }) {
    const id = params.id ?? ''
    const record = await control.store.findArtefact(id)
    if (!record) return errorResponse(404, REASONS.noArtefact(id))
    const artefact: Artefact = {
      ...record.artefact,
      links: [{ href: scope.href(url, pathOf(record.artefact.id)), rel: 'self', type: 'GET' }],
    }
    return json(artefact, {
      status: SUCCESS.status,
      headers: { 'X-Artefact-Status': record.isDraft ? 'draft' : 'published' },
    })
  },
  openapi: {
    tag: 'Artefacts',
    description: 'Reads an artefact by id, with all the read-side fields.',
    parameters: {
      ArtefactId: {
        name: 'id',
        in: 'path',
        required: true,
        description: 'The id of the artefact.',
        // JSON Schema patterns have no flags: spell out the any-case match of UUID_PATTERN.
        schema: { type: 'string', format: 'uuid', pattern: UUID_PATTERN.source.replaceAll('a-f', 'a-fA-F') },
        // Read when the document is built: the operation does not load the data set at import.
        get example() {
          return readSideOfDataSet()[0]?.artefact.id
        },
      },
    },
    success: {
      description: 'The artefact.',
      examples: (origin) => {
        const read = firstArtefact(origin)
        return { resetYourPassword: { summary: `Artefact …01 of the data set (${read.title})`, value: read } }
      },
    },
    headers: {
      'X-Artefact-Status': {
        description: 'Whether the artefact is a draft.',
        schema: { type: 'string', enum: ['draft', 'published'] },
        example: 'published',
      },
    },
  },
})
