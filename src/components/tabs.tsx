import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

export interface TabSpec<T extends string> {
  id: T
  label: ReactNode
}

interface Props<T extends string> {
  label: string
  tabs: readonly TabSpec<T>[]
  selected: T
  onSelect: (id: T) => void
  children: ReactNode
  className?: string
  /** Beside the tabs, outside the tab list (e.g. a fold button). */
  end?: ReactNode
}

/** ARIA tabs with roving tabindex and arrow keys; only the selected panel is mounted. */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children, className, end }: Props<T>) {
  const base = useId()
  const list = useRef<HTMLDivElement>(null)
  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.id === selected)
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    let next = step ? (index + step + tabs.length) % tabs.length : -1
    if (event.key === 'Home') next = 0
    if (event.key === 'End') next = tabs.length - 1
    const tab = tabs[next]
    if (!tab) return
    event.preventDefault()
    onSelect(tab.id)
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${base}-${tab.id}`)}`)?.focus()
  }
  return (
    <div className={`tabs ${className ?? ''}`}>
      <div className="tabs__head">
        <div role="tablist" aria-label={label} className="tabs__list" ref={list} onKeyDown={onKeyDown}>
          {tabs.map((tab) => (
            <button
              key={tab.id}
              id={`${base}-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={tab.id === selected}
              aria-controls={`${base}-panel`}
              tabIndex={tab.id === selected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {end}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-${selected}`}
        className="tabs__panel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a panel that scrolls must be scrollable from the keyboard (ARIA tabs pattern).
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  )
}
