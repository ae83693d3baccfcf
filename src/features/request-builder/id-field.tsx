import { useId, useSyncExternalStore } from 'react'
import { store } from '#mocks/browser.ts'
import { useLastCreated } from './last-created.ts'

interface Props {
  value: string
  onChange: (id: string) => void
}

/** The path id: typed, or picked from the stored artefacts (the last one created first). */
export function IdField({ value, onChange }: Props) {
  const id = useId()
  const { artefacts } = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const lastCreated = useLastCreated()
  const last = lastCreated ? artefacts.find((record) => record.artefact.id === lastCreated) : undefined
  const others = artefacts.filter((record) => record !== last)
  return (
    <div className="field field--wide">
      <label className="field__label" htmlFor={id}>Artefact id</label>
      <div className="field__row">
        <input
          id={id}
          className="input input--mono"
          value={value}
          spellCheck={false}
          placeholder="8-4-4-4-12 hex UUID"
          onChange={(event) => onChange(event.target.value)}
        />
        <select
          className="input input--picker"
          aria-label="Stored artefacts"
          value=""
          onChange={(event) => event.target.value && onChange(event.target.value)}
        >
          <option value="">Pick a stored artefact…</option>
          {last && <option value={last.artefact.id}>★ Last created: {last.artefact.title}</option>}
          {others.map((record) => (
            <option key={record.artefact.id} value={record.artefact.id}>
              {record.isDraft ? '[draft] ' : ''}{record.artefact.title}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
