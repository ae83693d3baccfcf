import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { CopyButton } from '../../components/copy-button.tsx'
import { Segmented } from '../../components/segmented.tsx'
import { JsonTree } from './json-tree.tsx'
import { withMarks } from './text-marks.tsx'
import './body-view.css'

type Mode = 'pretty' | 'raw'

const MODES = [
  { id: 'pretty', content: 'Pretty' },
  { id: 'raw', content: 'Raw' },
] as const

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** The marks of the search in `root`, the current one flagged and scrolled into view; returns their count. */
function showMatch(root: HTMLElement | null, index: number): number {
  const marks = [...(root?.querySelectorAll<HTMLElement>('mark.find-mark') ?? [])]
  for (const [at, mark] of marks.entries()) mark.classList.toggle('find-mark--current', at === index)
  marks[index]?.scrollIntoView({ block: 'nearest' })
  return marks.length
}

/** The response body: a JSON tree or the raw text, with find (Enter for the next match) and copy. */
export function BodyView({ text }: { text: string }) {
  const parsed = parse(text)
  const [mode, setMode] = useState<Mode>('pretty')
  const [query, setQuery] = useState('')
  const [current, setCurrent] = useState(0)
  const [count, setCount] = useState(0)
  const content = useRef<HTMLDivElement>(null)
  const findId = useId()
  const shown = parsed.ok ? mode : 'raw'

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query or view re-renders the marks, which are then counted.
  useEffect(() => {
    const total = showMatch(content.current, current)
    setCount(total)
    if (current >= total && total > 0) setCurrent(0)
  }, [query, shown, current])

  function step(by: number) {
    if (count > 0) setCurrent((at) => (at + by + count) % count)
  }
  function onFindKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    step(event.shiftKey ? -1 : 1)
  }

  return (
    <div className="body-view">
      <div className="body-view__bar">
        {parsed.ok && (
          <Segmented label="Body format" options={MODES} value={mode} onChange={setMode} className="segmented--text" />
        )}
        <search className="body-view__find">
          <label htmlFor={findId} className="sr-only">
            Find in body
          </label>
          <input
            id={findId}
            type="search"
            className="input"
            placeholder="Find in body"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setCurrent(0)
            }}
            onKeyDown={onFindKey}
          />
          <output className="body-view__count" aria-live="polite">
            {query === '' ? '' : count === 0 ? 'No match' : `${Math.min(current + 1, count)} of ${count}`}
          </output>
          <button
            type="button"
            className="button button--ghost button--icon"
            aria-label="Previous match"
            disabled={count === 0}
            onClick={() => step(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--ghost button--icon"
            aria-label="Next match"
            disabled={count === 0}
            onClick={() => step(1)}
          >
            ↓
          </button>
        </search>
        <CopyButton
          label="Copy body"
          short="Copy"
          text={() => (parsed.ok && shown === 'pretty' ? JSON.stringify(parsed.value, null, 2) : text)}
        />
      </div>
      <div className="body-view__content" ref={content}>
        {shown === 'pretty' && parsed.ok ? (
          <JsonTree value={parsed.value} query={query} />
        ) : (
          <pre className="code-block body-view__raw" aria-label="Response body">
            {text === '' ? '(empty body)' : withMarks(text, query)}
          </pre>
        )}
      </div>
    </div>
  )
}
