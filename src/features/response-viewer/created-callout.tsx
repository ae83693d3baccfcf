import { getBusState, patchDraftOf, selectOperation } from '../../app/explorer-bus.ts'
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
