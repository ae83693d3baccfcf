import { useId, useMemo, useRef, useState } from 'react'
import type { Exchange, OperationId } from '../../app/explorer-bus.ts'
import { useMock } from '../../app/mock-context.tsx'
import { useSearch } from '../../components/search.ts'
import { useVirtualRows } from '../../components/virtual-rows.ts'
import { OPERATIONS as REGISTRY } from '#mocks/internal.ts'
import { matchesSearch, SEARCH_HINT, SHORT_PATH_TITLE } from './exchange-search.ts'
import { HarControls } from './har-controls.tsx'
import { useNetworkLog, useNetworkLogTotal } from './log-store.ts'
import { type StatusClass, statusClassOf } from './network-log-model.ts'
import { NetworkLogRow } from './network-log-row.tsx'
import { GapRow } from '../../components/gap-row.tsx'

type OperationFilter = 'all' | OperationId | 'other'
type StatusFilter = 'all' | StatusClass

const OPERATIONS: Array<[OperationFilter, string]> = [
  ['all', 'All operations'],
  ...REGISTRY.map((operation): [OperationFilter, string] => [operation.name, operation.label]),
  ['other', 'Other paths'],
]
const STATUSES: StatusFilter[] = ['all', '2xx', '3xx', '4xx', '5xx', 'failed']

function matches(entry: Exchange, operation: OperationFilter, status: StatusFilter): boolean {
  const operationOk =
    operation === 'all' || (operation === 'other' ? entry.operation === null : entry.operation === operation)
  return operationOk && (status === 'all' || statusClassOf(entry) === status)
}

const IN_MOCK_TITLE =
  "The mock's own time: from msw handing the request to the mock to its answer, the latency setting included. The page's round trip (the viewer, after Send) is longer."

/** A row's height in px, pinned in network-log.css (.netlog__row) so nothing needs measuring. */
const ROW_HEIGHT = 27
const count = (n: number) => n.toLocaleString('en')

/** How many rows show, and, once the cap dropped the oldest, how many were logged. */
function countText(shown: number, kept: number, logged: number): string {
  if (logged <= kept) return `${count(shown)} of ${count(kept)}`
  if (shown === kept) return `showing ${count(kept)} of ${count(logged)} — oldest dropped`
  return `${count(shown)} of the newest ${count(kept)} — ${count(logged - kept)} oldest dropped`
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
  const logged = useNetworkLogTotal(log)
  const [operation, setOperation] = useState<OperationFilter>('all')
  const [status, setStatus] = useState<StatusFilter>('all')
  const { found, box } = useSearch(entries, matchesSearch)
  const headingId = useId()
  const shown = useMemo(() => found.filter((entry) => matches(entry, operation, status)), [found, operation, status])

  return (
    <section className="netlog" aria-labelledby={headingId}>
      <header className="devpanel__bar netlog__bar">
        <h2 id={headingId} className="devpanel__title">
          Network log
        </h2>
        <span className="netlog__count" aria-live="polite">
          {countText(shown.length, entries.length, logged)}
        </span>
        <button type="button" className="button" onClick={log.clear} disabled={entries.length === 0}>
          Clear log
        </button>
        <div className="netlog__filters">
          <input className="input netlog__search" aria-label="Search the log" placeholder={SEARCH_HINT} {...box} />
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
          <HarControls entries={entries} logged={logged} onImport={log.imported} />
        </div>
      </header>
      {shown.length === 0 ? (
        <p className="netlog__empty">
          {entries.length === 0
            ? 'No requests yet. Requests the mock answers on this page appear here.'
            : 'No request matches the search and filters.'}
        </p>
      ) : (
        <LogTable entries={shown} onOpen={onOpen} openLabel={openLabel} />
      )}
    </section>
  )
}

interface LogTableProps {
  entries: readonly Exchange[]
  onOpen: ((entry: Exchange) => void) | undefined
  openLabel: string
}

/** The rows in view, and blank space for the rest: render cost stays flat however long the log. */
function LogTable({ entries, onOpen, openLabel }: LogTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const { slots } = useVirtualRows({ count: entries.length, scrollRef, rowHeight: ROW_HEIGHT })
  return (
    <div className="netlog__scroll" ref={scrollRef}>
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
            <th scope="col" title={SHORT_PATH_TITLE}>
              Path
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="netlog__num" title={IN_MOCK_TITLE}>
              In mock
            </th>
            <th scope="col">Source</th>
            <th scope="col">
              <span className="netlog__hidden">Copy as</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {slots.map((slot) => {
            if (slot.kind === 'gap') {
              return <GapRow key={slot.key} size={slot.size} columns={7} className="netlog__gap" />
            }
            const entry = entries[slot.item.index]!
            return <NetworkLogRow key={entry.id} entry={entry} onOpen={onOpen} openLabel={openLabel} />
          })}
        </tbody>
      </table>
    </div>
  )
}
