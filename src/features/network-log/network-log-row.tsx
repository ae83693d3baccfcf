import { type KeyboardEvent, memo } from 'react'
import type { Exchange } from '../../app/explorer-bus.ts'
import { MiddleEllipsis } from '../../components/middle-ellipsis.tsx'
import { CopyAsButton } from '../snippets/copy-as-button.tsx'
import { AnswerMarks } from './answer-marks.tsx'
import { pathAfterPrefix, shortPath } from './exchange-search.ts'
import { type StatusClass, statusClassOf } from './network-log-model.ts'

/** One formatter for every row: building one per call (toLocaleTimeString) cost more than the row. */
const TIME = new Intl.DateTimeFormat(undefined, {
  hour12: false,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

interface RowView {
  time: string
  path: string
  /** What the narrow column shows: after `/resources/`, the id's end kept whole. */
  short: { text: string; keep: number }
  status: string
  statusClass: StatusClass
  /** Method, path and status: what names the row and its Copy button. */
  name: string
  marks: string
}

// An entry never changes once logged, so what a row shows is worked out once per entry.
const views = new WeakMap<Exchange, RowView>()
function viewOf(entry: Exchange): RowView {
  let view = views.get(entry)
  if (!view) {
    const path = pathAfterPrefix(entry.request.url)
    const status = entry.response ? String(entry.response.status) : 'failed'
    view = {
      time: TIME.format(entry.at),
      path,
      short: shortPath(entry.request.url),
      status,
      statusClass: statusClassOf(entry),
      name: `${entry.request.method} ${path} ${status}`,
      marks: entry.marks?.map((mark) => mark.label ?? mark.kind).join(', ') ?? '',
    }
    views.set(entry, view)
  }
  return view
}

interface Props {
  entry: Exchange
  onOpen: ((entry: Exchange) => void) | undefined
  openLabel: string
}

/**
 * One logged exchange. Memoised: its props stay the same while the log grows, so a new
 * request renders its own row and no other.
 */
export const NetworkLogRow = memo(function NetworkLogRow({ entry, onOpen, openLabel }: Props) {
  const view = viewOf(entry)
  const onKeyDown = (event: KeyboardEvent) => {
    if (onOpen && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault()
      onOpen(entry)
    }
  }
  return (
    <tr
      tabIndex={onOpen ? 0 : undefined}
      className={onOpen ? 'netlog__row netlog__row--open' : 'netlog__row'}
      aria-label={`${view.name}${view.marks ? `, ${view.marks}` : ''}${onOpen ? `, ${openLabel}` : ''}`}
      onClick={onOpen && (() => onOpen(entry))}
      onKeyDown={onOpen && onKeyDown}
    >
      <td className="netlog__mono netlog__time">{view.time}</td>
      <td>
        <span className={`method method--${entry.request.method.toLowerCase()}`}>{entry.request.method}</span>
      </td>
      <td className="netlog__path" title={entry.request.url}>
        <span className="netlog__path-line">
          <MiddleEllipsis
            text={view.short.text}
            keep={view.short.keep}
            title={entry.request.url}
            className="netlog__path-text netlog__mono"
          />
          <AnswerMarks marks={entry.marks} />
        </span>
      </td>
      <td
        className={`netlog__mono netlog__status netlog__status--${view.statusClass}`}
        title={entry.failure ?? entry.response?.statusText}
      >
        {view.status}
      </td>
      <td className="netlog__mono netlog__num">{entry.durationMs} ms</td>
      <td className="netlog__source">{entry.source}</td>
      <td className="netlog__copy">
        <CopyAsButton
          exchange={entry}
          text="Copy"
          label={`Copy ${view.name} as`}
          className="button button--ghost netlog__copy-button"
        />
      </td>
    </tr>
  )
})
