import { useId } from 'react'
import { useExplorerBus } from '../../app/explorer-bus.ts'
import { useMock } from '../../app/mock-context.tsx'
import type { Finding } from './preflight.ts'
import { StoredArtefactPicker } from './stored-artefact-picker.tsx'

interface Props {
  value: string
  /** The mock's verdict on the id (400 not a UUID, 404 not stored), or null when it names a stored artefact. */
  problem: Finding | null
  onChange: (id: string) => void
}

/** The path id: typed (any id, stored or not), or found among the stored artefacts (the last one created first). */
export function IdField({ value, problem, onChange }: Props) {
  const id = useId()
  const { store } = useMock()
  const { lastCreated } = useExplorerBus()
  const named = problem ? undefined : store.getSummary(value)
  return (
    <div className="field field--wide">
      <label className="field__label" htmlFor={id}>
        Artefact id
      </label>
      <div className="field__row">
        <input
          id={id}
          className="input input--mono"
          value={value}
          spellCheck={false}
          placeholder="8-4-4-4-12 hex UUID"
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
        />
        <StoredArtefactPicker onPick={onChange} />
      </div>
      <p id={`${id}-hint`} className={`field__hint ${problem ? 'text-warn' : 'text-ok'}`}>
        {problem
          ? `✗ ${problem.message} → ${problem.status}`
          : named
            ? `✓ Stored: ${named.title} (${named.isDraft ? 'draft' : 'published'}${named.id === lastCreated ? ', created last' : ''})`
            : ''}
      </p>
    </div>
  )
}
