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
 * On a category the builder created: its id, and the new name the draft took (a new #tag,
 * see send-mutation.ts), so the next Send creates another one rather than a 422.
 */
export function CategoryCreatedCallout({ exchange }: { exchange: Exchange }) {
  const { drafts } = useExplorerBus()
  const { response } = exchange
  // Only the builder's own answer: the log's copy of it (timed in the mock) is not the draft's.
  const own = exchange.source === 'explorer' && exchange.timing !== 'in-mock'
  if (!own || exchange.operation !== 'createCategory' || response?.status !== 201) return null
  let answer: { categoryId?: unknown; categoryName?: unknown } = {}
  try {
    answer = JSON.parse(response.body)
  } catch {}
  const next = nameOf(drafts.createCategory?.body)
  return (
    <div className="callout callout--ok created" role="note" aria-label="Created">
      <p className="created__text">
        <span className="callout__title">Created.</span> Category {String(answer.categoryId)} is named “
        {String(answer.categoryName)}”.
        {next !== null && next !== answer.categoryName && (
          <> Names are unique, so the draft's name got a new tag: the next Send creates “{next}”.</>
        )}
      </p>
    </div>
  )
}
