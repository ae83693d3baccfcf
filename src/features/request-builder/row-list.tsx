import type { FreeRow } from '../../app/model.ts'

interface Props {
  /** e.g. "Query parameter", "Header": names each row's controls. */
  noun: string
  rows: readonly FreeRow[]
  onChange: (rows: FreeRow[]) => void
  /** Why a row would not be sent as written, or null. */
  problemOf?: (row: FreeRow) => string | null
  separator: string
  namePlaceholder: string
}

/** Name/value rows, each with a switch to leave it out without losing it. */
export function RowList({ noun, rows, onChange, problemOf, separator, namePlaceholder }: Props) {
  const change = (index: number, patch: Partial<FreeRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)))
  return (
    <fieldset className="rows">
      <legend className="field__label">{noun}s</legend>
      {rows.length === 0 && <p className="rows__empty">None.</p>}
      {rows.map((row, index) => {
        const label = `${noun} ${index + 1}`
        const problem = problemOf?.(row) ?? null
        return (
          <div key={index} className={`rows__row ${row.on ? '' : 'rows__row--off'}`}>
            <input
              type="checkbox"
              checked={row.on}
              aria-label={`Send ${label}`}
              onChange={(event) => change(index, { on: event.target.checked })}
            />
            <input
              className="input input--mono"
              aria-label={`${label} name`}
              placeholder={namePlaceholder}
              value={row.name}
              spellCheck={false}
              onChange={(event) => change(index, { name: event.target.value })}
            />
            <span className="rows__sep" aria-hidden="true">
              {separator}
            </span>
            <input
              className="input input--mono"
              aria-label={`${label} value`}
              placeholder="value"
              value={row.value}
              spellCheck={false}
              onChange={(event) => change(index, { value: event.target.value })}
            />
            <button
              type="button"
              className="button button--ghost button--icon"
              aria-label={`Remove ${label}`}
              title={`Remove ${label}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              ✕
            </button>
            {problem && <p className="rows__problem text-warn">✗ {problem}</p>}
          </div>
        )
      })}
      <button
        type="button"
        className="button button--ghost rows__add"
        onClick={() => onChange([...rows, { on: true, name: '', value: '' }])}
      >
        + Add {noun.toLowerCase()}
      </button>
    </fieldset>
  )
}
