import { getBusState, patchDraftOf, selectOperation, useExplorerBus } from '../../app/explorer-bus.ts'
import type { Exchange } from '../../app/model.ts'
import { exampleDraft } from '../operations/examples.ts'
import { useSend } from '../request-builder/send-mutation.ts'
import { createdArtefactId } from '../request-builder/send-request.ts'

/** On a create that stored an artefact: its id, and one click to read it back. */
export function CreatedCallout({ exchange }: { exchange: Exchange }) {
  const send = useSend()
  const id = createdArtefactId(exchange)
  if (!id) return null
  function getIt(created: string) {
    patchDraftOf('getArtefact', { id: created, advanced: false }, () => exampleDraft('getArtefact', created))
    selectOperation('getArtefact', () => exampleDraft('getArtefact', created))
    const draft = getBusState().draft
    if (draft) send(draft)
  }
  return (
    <div className="callout callout--ok created" role="note" aria-label="Created">
      <p className="created__text">
        <span className="callout__title">Created.</span> <code className="created__id">{id}</code> is the new artefact's
        id; the Get builder names it now.
      </p>
      <button type="button" className="button button--primary" onClick={() => getIt(id)}>
        GET this artefact
      </button>
    </div>
  )
}

const nameOf = (body: string | null | undefined): string | null => {
  try {
    const name = JSON.parse(body ?? '').name
    return typeof name === 'string' ? name : null
  } catch {
    return null
  }
}

/**
 * What the callout says of a category create's answer: its id and name when the answer gives them
 * (a real service's answer may not), and the draft's next name when it took a new tag.
 */
export function categoryCreatedText(body: string, next: string | null): string {
  let answer: unknown = null
  try {
    answer = JSON.parse(body)
  } catch {}
  const { categoryId, categoryName } = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<
    string,
    unknown
  >
  const named =
    typeof categoryId === 'number' && typeof categoryName === 'string'
      ? `Category ${categoryId} is named “${categoryName}”.`
      : 'The answer does not give the new category’s id and name; the check below says what it lacks.'
  const retagged =
    next !== null && next !== categoryName
      ? ` Names are unique, so the draft's name got a new tag: the next Send creates “${next}”.`
      : ''
  return named + retagged
}

/**
 * On a category the builder created: its id, and the new name the draft took (a new #tag,
 * see send-mutation.ts), so the next Send creates another one rather than a 422.
 */
export function CategoryCreatedCallout({ exchange }: { exchange: Exchange }) {
  const { drafts } = useExplorerBus()
  const { response } = exchange
  // Only the builder's own answer: the log's copy of it (timed in the mock) is not the draft's.
  const own = exchange.source === 'explorer' && exchange.timing !== 'in-mock'
  if (!own || exchange.operation !== 'createCategory' || response?.status !== 201) return null
  return (
    <div className="callout callout--ok created" role="note" aria-label="Created">
      <p className="created__text">
        <span className="callout__title">Created.</span>{' '}
        {categoryCreatedText(response.body, nameOf(drafts.createCategory?.body))}
      </p>
    </div>
  )
}
