import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import type { Exchange, OperationId } from '../../app/explorer-bus.ts'
import { useMock } from '../../app/mock-context.tsx'
import { PREFIX } from '#mocks/handlers/router.ts'
import { OPERATIONS as REGISTRY } from '#mocks/operations/registry.ts'
import { CopyAsButton } from '../snippets/copy-as-button.tsx'
import { AnswerMarks } from './answer-marks.tsx'
import { HarControls } from './har-controls.tsx'
import { type StatusClass, statusClassOf } from './network-log-model.ts'
import { useNetworkLog } from './log-store.ts'

type OperationFilter = 'all' | OperationId | 'other'
type StatusFilter = 'all' | StatusClass

const OPERATIONS: Array<[OperationFilter, string]> = [
  ['all', 'All operations'],
  ...REGISTRY.map((operation): [OperationFilter, string] => [operation.name, operation.label]),
  ['other', 'Other paths'],
]
const STATUSES: StatusFilter[] = ['all', '2xx', '3xx', '4xx', '5xx', 'failed']

const time = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** The path after the preview prefix, which every logged request shares. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url)
    const path = parsed.pathname.startsWith(PREFIX) ? parsed.pathname.slice(PREFIX.length) || '/' : parsed.pathname
    return `${path}${parsed.search}`
  } catch {
    return url
  }
}

function matches(entry: Exchange, operation: OperationFilter, status: StatusFilter): boolean {
  const operationOk =
    operation === 'all' || (operation === 'other' ? entry.operation === null : entry.operation === operation)
  return operationOk && (status === 'all' || statusClassOf(entry) === status)
}

interface NetworkLogProps {
  /** Opens a row (click, Enter or Space); without it rows are not interactive. */
  onOpen?: (entry: Exchange) => void
  /** What opening does, ending each row's accessible name. */
  openLabel?: string
}

/**
 * Every request the mock of the nearest MockProvider answered on this page, newest first.
 * Styles: network-log.css, which the host (explorer or panel) loads.
 */
export function NetworkLog({ onOpen, openLabel = 'open it' }: NetworkLogProps) {
  const { log } = useMock()
  const entries = useNetworkLog(log)
  const [operation, setOperation] = useState<OperationFilter>('all')
  const [status, setStatus] = useState<StatusFilter>('all')
  const headingId = useId()
  const shown = useMemo(
    () => entries.filter((entry) => matches(entry, operation, status)),
    [entries, operation, status],
  )

  const onRowKey = (event: KeyboardEvent, entry: Exchange) => {
    if (onOpen && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault()
      onOpen(entry)
    }
  }

  return (
    <section className="netlog" aria-labelledby={headingId}>
      <header className="devpanel__bar netlog__bar">
        <h2 id={headingId} className="devpanel__title">
          Network log
        </h2>
        <span className="netlog__count" aria-live="polite">
          {shown.length} of {entries.length}
        </span>
        <button type="button" className="button" onClick={log.clear} disabled={entries.length === 0}>
          Clear log
        </button>
        <div className="netlog__filters">
          <span className="netlog__field">
            <label htmlFor={`${headingId}-op`}>Operation</label>
            <select
              className="input"
              id={`${headingId}-op`}
              value={operation}
              onChange={(event) => setOperation(event.target.value as OperationFilter)}
            >
              {OPERATIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </span>
          <span className="netlog__field">
            <label htmlFor={`${headingId}-status`}>Status</label>
            <select
              className="input"
              id={`${headingId}-status`}
              value={status}
              onChange={(event) => setStatus(event.target.value as StatusFilter)}
            >
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value === 'all' ? 'All statuses' : value}
                </option>
              ))}
            </select>
          </span>
          <HarControls entries={entries} onImport={log.imported} />
        </div>
      </header>
      {shown.length === 0 ? (
        <p className="netlog__empty">
          {entries.length === 0
            ? 'No requests yet. Requests the mock answers on this page appear here.'
            : 'No request matches the filters.'}
        </p>
      ) : (
        <div className="netlog__scroll">
          <table className="netlog__table" aria-label="Requests the mock answered">
            <colgroup>
              <col className="netlog__c-time" />
              <col className="netlog__c-method" />
              <col />
              <col className="netlog__c-status" />
              <col className="netlog__c-duration" />
              <col className="netlog__c-source" />
              <col className="netlog__c-copy" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Method</th>
                <th scope="col" title={`after ${PREFIX}`}>
                  Path
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="netlog__num">
                  Duration
                </th>
                <th scope="col">Source</th>
                <th scope="col">
                  <span className="netlog__hidden">Copy as</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => {
                const path = pathOf(entry.request.url)
                const status = entry.response ? String(entry.response.status) : 'failed'
                const marks = entry.marks?.map((mark) => mark.kind).join(', ')
                const name = `${entry.request.method} ${path} ${status}`
                return (
                  <tr
                    key={entry.id}
                    tabIndex={onOpen ? 0 : undefined}
                    className={onOpen ? 'netlog__row netlog__row--open' : 'netlog__row'}
                    aria-label={`${name}${marks ? `, ${marks}` : ''}${onOpen ? `, ${openLabel}` : ''}`}
                    onClick={onOpen && (() => onOpen(entry))}
                    onKeyDown={onOpen && ((event) => onRowKey(event, entry))}
                  >
                    <td className="netlog__mono netlog__time">{time(entry.at)}</td>
                    <td>
                      <span className={`method method--${entry.request.method.toLowerCase()}`}>
                        {entry.request.method}
                      </span>
                    </td>
                    <td className="netlog__path" title={entry.request.url}>
                      <span className="netlog__path-line">
                        <span className="netlog__path-text netlog__mono">{path}</span>
                        <AnswerMarks marks={entry.marks} />
                      </span>
                    </td>
                    <td
                      className={`netlog__mono netlog__status netlog__status--${statusClassOf(entry)}`}
                      title={entry.failure ?? entry.response?.statusText}
                    >
                      {status}
                    </td>
                    <td className="netlog__mono netlog__num">{entry.durationMs} ms</td>
                    <td className="netlog__source">{entry.source}</td>
                    <td className="netlog__copy">
                      <CopyAsButton
                        exchange={entry}
                        text="Copy"
                        label={`Copy ${name} as`}
                        className="button button--ghost netlog__copy-button"
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
