import { dropStashed, restoreStashed, useExplorerBus } from '../../app/explorer-bus.ts'
import { operationInfo } from '../operations/catalogue.ts'

/**
 * After Replay replaced a draft that was never sent: says so, and puts it back whole (body,
 * isDraft, headers, mode) on one click. The editor's undo brings back the body alone.
 */
export function StashedDraft() {
  const { stashed } = useExplorerBus()
  if (!stashed) return null
  const title = operationInfo(stashed.operation).title
  return (
    <div className="callout callout--info stashed" role="note" aria-label="Replaced draft">
      <p className="stashed__text">
        Replay replaced your unsent draft of “{title}”. It is kept until you restore or drop it.
      </p>
      <span className="stashed__actions">
        <button type="button" className="button" onClick={restoreStashed}>
          Restore my draft
        </button>
        <button type="button" className="button button--ghost" onClick={dropStashed}>
          Drop it
        </button>
      </span>
    </div>
  )
}
