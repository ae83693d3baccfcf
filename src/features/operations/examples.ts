import type { CreateArtefactRequest, CreateCategoryRequest } from '#mocks/schemas.ts'
import type { OperationId, RequestDraft } from '../../app/explorer-bus.ts'

/** The first artefact of the static data set ("Reset your password"). */
export const SAMPLE_ARTEFACT_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

/** A create-artefact body that fits the schema and every rule of the data set. */
export function exampleArtefact(): CreateArtefactRequest {
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

/** A create-category body; the suffix keeps the name free, as names must be unique. */
export function exampleCategory(suffix: string = Math.random().toString(36).slice(2, 6)): CreateCategoryRequest {
  return { name: `Release notes ${suffix}` }
}

/** The example body text for an operation, pretty-printed; '' for a GET. */
export function exampleBody(operation: OperationId): string {
  if (operation === 'getArtefact') return ''
  const body = operation === 'createArtefact' ? exampleArtefact() : exampleCategory()
  return JSON.stringify(body, null, 2)
}

/** A valid draft for an operation, ready to send. */
export function exampleDraft(operation: OperationId, id: string = SAMPLE_ARTEFACT_ID): RequestDraft {
  const isPost = operation !== 'getArtefact'
  return {
    operation,
    id: operation === 'getArtefact' ? id : '',
    isDraft: { mode: 'omit' },
    accept: { mode: 'value', value: 'application/json' },
    contentType: isPost ? { mode: 'value', value: 'application/json' } : { mode: 'omit' },
    body: exampleBody(operation),
    prefer: { mode: 'omit' },
  }
}
