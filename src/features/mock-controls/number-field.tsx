import { useId, useState } from 'react'

interface NumberFieldProps {
  label: string
  value: number
  min: number
  max: number
  unit?: string
  disabled?: boolean
  /** Applies a valid whole number; returns why it was refused, or null. */
  onCommit: (value: number) => string | null
}

/** A whole-number input that applies each valid value at once and explains an invalid one inline. */
export function NumberField({ label, value, min, max, unit, disabled, onCommit }: NumberFieldProps) {
  const [text, setText] = useState(String(value))
  const [shown, setShown] = useState(value)
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()
  const inputId = useId()
  const unitId = useId()
  if (value !== shown) {
    // The setting changed elsewhere (a profile, a restore): show it.
    setShown(value)
    setText(String(value))
    setError(null)
  }

  function change(next: string) {
    setText(next)
    const trimmed = next.trim()
    if (!/^\d+$/.test(trimmed)) {
      setError(`Enter a whole number from ${min} to ${max}.`)
      return
    }
    const number = Number(trimmed)
    if (number < min || number > max) {
      setError(`Must be from ${min} to ${max}.`)
      return
    }
    const refused = onCommit(number)
    setError(refused)
  }

  const describedBy = [unit ? unitId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="mockctl__field">
      <span className="mockctl__inline">
        <label htmlFor={inputId} className="mockctl__label">
          {label}
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          className="input input--mono mockctl__number"
          value={text}
          disabled={disabled}
          aria-invalid={error !== null}
          aria-describedby={describedBy}
          onChange={(event) => change(event.target.value)}
        />
        {unit && (
          <span id={unitId} className="mockctl__unit">
            {unit === 's' ? 'seconds' : unit}
          </span>
        )}
      </span>
      {error && (
        <span id={errorId} className="mockctl__error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
