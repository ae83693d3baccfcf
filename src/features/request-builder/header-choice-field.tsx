import { useId } from 'react'
import type { HeaderChoice } from '../../app/model.ts'
import type { Explanation } from './explain-negotiation.ts'

export interface Preset {
  value: string
  label?: string
}

interface Props {
  label: string
  choice: HeaderChoice
  presets: readonly Preset[]
  onChange: (choice: HeaderChoice) => void
  omitLabel?: string
  customLabel?: string
  explanation?: Explanation | null
}

const OMIT = '__omit__'
const CUSTOM = '__custom__'

/** A select of omitted / presets / custom; the custom value gets its own line, so neither is clipped. */
export function HeaderChoiceField({
  label,
  choice,
  presets,
  onChange,
  omitLabel = 'Omitted',
  customLabel = 'Custom…',
  explanation,
}: Props) {
  const id = useId()
  const hintId = `${id}-hint`
  const isPreset = choice.mode === 'value' && presets.some((preset) => preset.value === choice.value)
  const selected = choice.mode === 'omit' ? OMIT : isPreset ? choice.value : CUSTOM
  function select(next: string) {
    if (next === OMIT) onChange({ mode: 'omit' })
    else if (next === CUSTOM)
      onChange({ mode: 'value', value: choice.mode === 'value' && !isPreset ? choice.value : '' })
    else onChange({ mode: 'value', value: next })
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={selected}
        aria-describedby={explanation ? hintId : undefined}
        onChange={(event) => select(event.target.value)}
      >
        <option value={OMIT}>{omitLabel}</option>
        {presets.map((preset) => (
          <option key={preset.value} value={preset.value}>
            {preset.label ?? preset.value}
          </option>
        ))}
        <option value={CUSTOM}>{customLabel}</option>
      </select>
      {selected === CUSTOM && choice.mode === 'value' && (
        <input
          className="input input--mono"
          aria-label={`${label} value`}
          value={choice.value}
          spellCheck={false}
          onChange={(event) => onChange({ mode: 'value', value: event.target.value })}
        />
      )}
      {explanation && (
        <p id={hintId} className={`field__hint ${explanation.ok ? 'text-ok' : 'text-warn'}`}>
          {explanation.text}
        </p>
      )}
    </div>
  )
}
