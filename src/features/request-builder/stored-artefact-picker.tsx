import { type KeyboardEvent, useDeferredValue, useId, useMemo, useState, useSyncExternalStore } from 'react'
import type { RecordSummary } from '#mocks/internal.ts'
import { useExplorerBus } from '../../app/explorer-bus.ts'
import { useMock } from '../../app/mock-context.tsx'
import { MiddleEllipsis } from '../../components/middle-ellipsis.tsx'
import './stored-artefact-picker.css'

/** Suggestions shown at once: enough to scan, few enough that opening is instant with 5,000 stored. */
const MAX_SUGGESTIONS = 50

const shortId = (id: string) => `${id.slice(0, 4)}…${id.slice(-4)}`
/** The `#tag` a title ends in (the example's, telling two creates apart): it stays in view when the title is cut. */
const tagLength = (title: string) => / #\w+$/.exec(title)?.[0].length ?? 0

// Title and id lowered once per record, not per keystroke.
const searchText = new WeakMap<RecordSummary, string>()
function matches(summary: RecordSummary, query: string): boolean {
  let text = searchText.get(summary)
  if (text === undefined) {
    const { title, id } = summary
    text = `${title}\n${id}`.toLowerCase()
    searchText.set(summary, text)
  }
  return text.includes(query)
}

interface Props {
  /** Called with the picked artefact's id. */
  onPick: (id: string) => void
}

/**
 * Find a stored artefact by title or id (an ARIA combobox): the last one created first, then
 * the newest, at most MAX_SUGGESTIONS at once. Picking fills the id field; the id field itself
 * still takes any id, stored or not.
 */
export function StoredArtefactPicker({ onPick }: Props) {
  const id = useId()
  const { store } = useMock()
  const { artefacts } = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const { lastCreated } = useExplorerBus()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [highlight, setHighlight] = useState(-1)
  const query = useDeferredValue(text.trim().toLowerCase())

  // Worked out only while the list is open: a closed picker costs nothing per store change.
  const found = useMemo(() => {
    if (!open) return { options: [] as RecordSummary[], total: 0 }
    const last = lastCreated ? store.getSummary(lastCreated) : undefined
    const options: RecordSummary[] = []
    let total = 0
    const consider = (summary: RecordSummary) => {
      if (query && !matches(summary, query)) return
      total += 1
      if (options.length < MAX_SUGGESTIONS) options.push(summary)
    }
    if (last) consider(last)
    for (const { summary } of artefacts) if (summary !== last) consider(summary)
    return { options, total }
  }, [open, artefacts, query, lastCreated, store])
  const { options, total } = found
  const active = highlight < options.length ? highlight : -1

  function pick(option: RecordSummary) {
    onPick(option.id)
    setText('')
    setOpen(false)
    setHighlight(-1)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setHighlight((current) => Math.max(0, Math.min(options.length - 1, current + step)))
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault()
      pick(options[active])
    } else if (event.key === 'Escape' && open) {
      // Escape closes the list only; the page's own Escape handlers see nothing.
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
    }
  }

  const listId = `${id}-list`
  const optionId = (index: number) => `${id}-option-${index}`
  return (
    <div className="picker">
      <input
        className="input picker__input"
        role="combobox"
        aria-label="Stored artefacts"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder="Find a stored artefact…"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setHighlight(-1)
        }}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a press in the list (an option, its scroll bar) must not take focus from the combobox, or the list closes before the pick. */}
      <div className="picker__popup" hidden={!open} onMouseDown={(event) => event.preventDefault()}>
        <div id={listId} role="listbox" aria-label="Matching artefacts" className="picker__list">
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox, which names the active option (aria-activedescendant).
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's: arrows move, Enter picks.
            <div
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'picker__option picker__option--active' : 'picker__option'}
              onClick={() => pick(option)}
            >
              <span className="picker__title">
                <MiddleEllipsis
                  text={option.id === lastCreated ? `★ Last created: ${option.title}` : option.title}
                  keep={tagLength(option.title)}
                />
              </span>
              <span className="picker__meta">
                {option.isDraft && <span className="picker__draft">draft</span>}
                <span className="picker__id">{shortId(option.id)}</span>
              </span>
            </div>
          ))}
        </div>
        <p className="picker__note" aria-live="polite">
          {total === 0
            ? 'No stored artefact matches; the id field takes any id.'
            : total > options.length
              ? `${options.length} of ${total.toLocaleString('en')} shown: type a title or id to narrow.`
              : `${total.toLocaleString('en')} ${total === 1 ? 'match' : 'matches'}.`}
        </p>
      </div>
    </div>
  )
}
