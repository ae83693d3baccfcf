import { buildArtefact } from '../artefact/build.ts'
import { checkRules } from '../artefact/rules.ts'
import { seedCategories } from '../data/categories.ts'
import { parseBody } from '../contract/pipeline.ts'
import { CreateArtefactRequest } from '../schemas/requests.ts'
import { CreateArtefactResponse } from '../schemas/resources.ts'
import { defineOperation, type Success } from '../contract/operation.ts'

/** `isDraft` must be absent, or exactly `true` or `false` once (behaviour §4). */
function malformedIsDraft(url: URL): string | null {
  // No query at all: nothing to read, and no URLSearchParams to build.
  if (url.search === '') return null
  const values = url.searchParams.getAll('isDraft')
  if (values.length > 1) return `isDraft: given ${values.length} times; give it once`
  const [value] = values
  if (value !== undefined && value !== 'true' && value !== 'false') {
    return `isDraft: ${JSON.stringify(value.slice(0, 40))} is not true or false`
  }
  return null
}

/** The in-body error channel (behaviour §6), read leniently: any body with `hasErrors: true` reports errors. */
function inBodyErrors(body: unknown): string[] | null {
  const { hasErrors, errors } = (typeof body === 'object' && body !== null ? body : {}) as {
    hasErrors?: unknown
    errors?: unknown
  }
  if (hasErrors !== true) return null
  return Array.isArray(errors) ? errors.map(String) : []
}

const SUCCESS: Success<CreateArtefactResponse> = {
  status: 200,
  schema: CreateArtefactResponse,
  headers: {},
  name: 'Create artefact response',
  inBodyErrors,
}

/** A create-artefact body that fits the schema and every rule of the data set. */
function example(): CreateArtefactRequest {
  return {
    title: 'Pin a note to the top of a notebook',
    content: [
      {
        mediaType: 'text/html',
        text: '<p>Open the note menu and choose <strong>Pin</strong>. Pinned notes stay above the others.</p>',
      },
    ],
    variations: [
      {
        channels: [{ id: 2, name: 'mobile' }],
        content: [{ mediaType: 'text/plain', text: 'Long-press a note, then tap Pin.' }],
      },
    ],
    category: { id: 3, name: 'Notes & editing' },
    primaryQuery: 'How do I pin a note?',
    queryVariations: [{ query: 'keep a note on top' }, { query: 'pin note' }],
    metaData: { audience: { dataType: 'string', values: ['all users'] } },
  }
}

const BROKEN: CreateArtefactRequest = {
  title: 'Pin a note',
  category: { id: 99 },
  queryVariations: [{ query: 'pin' }, { query: 'Pin' }],
}

/** The errors the data set's rules find in BROKEN, as the mock answers them. */
function brokenErrors(): string[] {
  const lookup = {
    getCategory: (id: number) => seedCategories.find((c) => c.id === id),
    findCategoryByName: (name: string) =>
      seedCategories.find((c) => c.name.toLowerCase() === name.trim().toLowerCase()),
  }
  return checkRules(CreateArtefactRequest.parse(BROKEN), lookup).errors
}

/**
 * POST /resources/artefact (suite 3.5.0).
 * @example
 * createArtefact.success.status // 200
 */
export const createArtefact = defineOperation({
  name: 'createArtefact',
  method: 'POST',
  path: '/resources/artefact',
  suite: '3.5.0',
  title: 'Create an artefact',
  label: 'Create artefact',
  request: CreateArtefactRequest,
  query: ['isDraft'],
  success: SUCCESS,
  malformed: ({ url }) => malformedIsDraft(url),
  async handle({ url, body, control, json }) {
    const input = parseBody(CreateArtefactRequest, body)
    const { store } = control
    const { errors, category } = checkRules(input, store)
    if (errors.length > 0) {
      const answer: CreateArtefactResponse = { responseId: crypto.randomUUID(), hasErrors: true, errors }
      return json(answer, { status: SUCCESS.status })
    }
    const id = crypto.randomUUID()
    const now = new Date(control.now()).toISOString()
    const isDraft = url.search !== '' && url.searchParams.get('isDraft') === 'true'
    await store.addArtefact(buildArtefact(input, { id, dateCreated: now, dateModified: now, category, isDraft }))
    const answer: CreateArtefactResponse = { responseId: id, hasErrors: false, errors: [] }
    return json(answer, { status: SUCCESS.status })
  },
  example,
  openapi: {
    tag: 'Artefacts',
    description:
      'Creates an artefact. A body that fits the schema but breaks a rule of the data set is answered 200 with `hasErrors: true`, one sentence per item in `errors`, and nothing is stored. On success `responseId` is the id of the new artefact.',
    parameters: {
      IsDraft: {
        name: 'isDraft',
        in: 'query',
        required: false,
        description:
          'Create the artefact as a draft. Exactly `true` or `false`, given at most once; anything else is 400.',
        schema: { type: 'boolean', default: false },
      },
    },
    requestExamples({ artefacts }) {
      const create = artefacts[0]?.request ?? { title: 'Pin a note to the top' }
      return {
        fromDataSet: { summary: `The create request of artefact …01 (${create.title})`, value: create },
        minimal: { summary: 'Only the required title', value: { title: 'Pin a note to the top' } },
        breaksRules: {
          summary: 'Fits the schema but breaks rules of the data set: answered 200 with hasErrors',
          value: BROKEN,
        },
      }
    },
    success: {
      description: 'Created, or `hasErrors: true` when the body breaks a rule of the data set (nothing stored).',
      examples: () => ({
        created: {
          summary: 'Created: responseId is the new artefact',
          value: { responseId: '6f1c2a9e-0b7d-4c3e-9a51-2d8f4e6b7c10', hasErrors: false, errors: [] },
        },
        hasErrors: {
          summary: 'hasErrors: the answer to the breaksRules body (nothing stored)',
          value: { responseId: 'c3d5e7f9-1a2b-4c4d-8e6f-7a8b9c0d1e2f', hasErrors: true, errors: brokenErrors() },
        },
      }),
    },
  },
})
