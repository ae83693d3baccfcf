import type { KeyboardEvent, ReactNode } from 'react'

export interface SegmentedOption<T extends string> {
  id: T
  /** What the segment shows. */
  content: ReactNode
  /** Its accessible name, when `content` is an icon. */
  name?: string
}

interface Props<T extends string> {
  label: string
  options: readonly SegmentedOption<T>[]
  value: T
  onChange: (value: T) => void
  className?: string
}

/** A radio group drawn as segments: one tab stop, arrow keys move and choose (as native radios do). */
export function Segmented<T extends string>({ label, options, value, onChange, className = '' }: Props<T>) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = options.findIndex((option) => option.id === value)
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0
    if (step === 0) return
    event.preventDefault()
    const next = (index + step + options.length) % options.length
    const option = options[next]
    if (!option) return
    onChange(option.id)
    event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus()
  }
  return (
    <div role="radiogroup" aria-label={label} className={`segmented ${className}`} onKeyDown={onKeyDown}>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          role="radio"
          aria-checked={option.id === value}
          tabIndex={option.id === value ? 0 : -1}
          aria-label={option.name}
          title={option.name}
          className="segmented__item"
          onClick={() => onChange(option.id)}
        >
          {option.content}
        </button>
      ))}
    </div>
  )
}
