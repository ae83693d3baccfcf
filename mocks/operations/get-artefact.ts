import { type Artefact, UUID_PATTERN } from '../schemas.ts'
import { errorResponse, quote } from './errors.ts'
import { json, type Operation } from './pipeline.ts'

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** GET /resources/artefact/{id} (suite 3.7.0). */
export const getArtefact: Operation = {
  name: 'getArtefact',
  method: 'GET',
  malformed: ({ params }) =>
    UUID_PATTERN.test(params.id ?? '') ? null : `id: ${quote(decoded(params.id ?? ''))} is not a UUID (8-4-4-4-12 hex)`,
  async handle({ url, params, control, scope }) {
    const id = params.id ?? ''
    const record = control.store.getArtefact(id)
    if (!record) return errorResponse(404, `id: no artefact has id ${id.toLowerCase()}`)
    const artefact: Artefact = {
      ...record.artefact,
      links: [{ href: scope.artefactHref(url, record.artefact.id), rel: 'self', type: 'GET' }],
    }
    return json(artefact, { headers: { 'X-Artefact-Status': record.isDraft ? 'draft' : 'published' } })
  },
}
