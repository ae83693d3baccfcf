import { buildArtefact } from '../artefact/build.ts'
import { checkRules } from '../artefact/rules.ts'
import { type CreateArtefactResponse, CreateArtefactRequest } from '../schemas.ts'
import { json, type Operation, parseBody } from './pipeline.ts'

/** `isDraft` must be absent, or exactly `true` or `false` once (contract 4). */
function malformedIsDraft(url: URL): string | null {
  const values = url.searchParams.getAll('isDraft')
  if (values.length > 1) return `isDraft: given ${values.length} times; give it once`
  const [value] = values
  if (value !== undefined && value !== 'true' && value !== 'false') {
    return `isDraft: ${JSON.stringify(value.slice(0, 40))} is not true or false`
  }
  return null
}

/** POST /resources/artefact (suite 3.5.0). */
export const createArtefact: Operation = {
  name: 'createArtefact',
  method: 'POST',
  malformed: ({ url }) => malformedIsDraft(url),
  async handle({ url, body, control }) {
    const input = parseBody(CreateArtefactRequest, body)
    const { store } = control
    const { errors, category } = checkRules(input, store)
    if (errors.length > 0) {
      const answer: CreateArtefactResponse = { responseId: crypto.randomUUID(), hasErrors: true, errors }
      return json(answer)
    }
    const id = crypto.randomUUID()
    const now = new Date(control.now()).toISOString()
    const artefact = buildArtefact(input, { id, dateCreated: now, dateModified: now, category })
    await store.addArtefact({ artefact, isDraft: url.searchParams.get('isDraft') === 'true' })
    const answer: CreateArtefactResponse = { responseId: id, hasErrors: false, errors: [] }
    return json(answer)
  },
}
