import { useId, useRef, useState } from 'react'
import { showExchange } from '../../app/explorer-bus.ts'
import { MiddleEllipsis } from '../../components/middle-ellipsis.tsx'
import { useSearch } from '../../components/search.ts'
import { useVirtualRows } from '../../components/virtual-rows.ts'
import { matchesSearch, pathAfterPrefix, SEARCH_HINT } from '../network-log/exchange-search.ts'
import { CopyAsButton } from '../snippets/copy-as-button.tsx'
import { useQuickCurl } from '../snippets/quick-curl.ts'
import { toFetchSnippet } from '../snippets/snippets.ts'
import type { HistoryEntry } from './history-schema.ts'
import { clearHistory, HISTORY_CAP, useHistory, useHistoryTotal } from './history-store.ts'
import { replay } from './replay.ts'
import './history.css'

type Notice = { kind: 'copied'; what: string } | { kind: 'failed'; what: string; text: string }

/** One formatter for every entry, not one per entry per render. */
const TIME = new Intl.DateTimeFormat(undefined, {
  hour12: false,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
/** An entry's height in px before it is measured: a line and a row of buttons. */
const ENTRY_HEIGHT = 62

const count = (n: number) => n.toLocaleString('en')
const CAP_TITLE = `The history keeps the newest ${HISTORY_CAP} requests sent`

/** How many are listed, and, past the cap, how many were sent: the history never claims more than it holds. */
function countText(shown: number, kept: number, sent: number): string {
  const held = sent > kept ? `newest ${count(kept)} of ${count(sent)} sent` : `${count(kept)} sent`
  return shown === kept ? held : `${count(shown)} of the ${held}`
}

const matchesEntry = (entry: HistoryEntry, words: readonly string[]) => matchesSearch(entry.exchange, words)

const statusClass = (status: number | undefined) =>
  status === undefined ? 'err' : status < 300 ? 'ok' : status < 500 ? 'warn' : 'err'

/** Sent requests, newest first: replay, reopen the answer, copy as curl, fetch, HTTPie or a test. */
export function History() {
  const all = useHistory()
  const sent = useHistoryTotal()
  const { found: entries, box } = useSearch(all, matchesEntry)
  const curl = useQuickCurl()
  const [notice, setNotice] = useState<Notice | null>(null)
  const [confirming, setConfirming] = useState(false)
  const headingId = useId()
  const scrollRef = useRef<HTMLDivElement>(null)
  const { virtualizer, slots } = useVirtualRows({ count: entries.length, scrollRef, rowHeight: ENTRY_HEIGHT })

  async function copy(what: string, text: string) {
    try {
      await navigator.clipboard.writeText(text)
      setNotice({ kind: 'copied', what })
    } catch {
      // No clipboard (permission, insecure context): show the text to copy by hand.
      setNotice({ kind: 'failed', what, text })
    }
  }

  const item = ({ draft, exchange }: HistoryEntry, index: number) => {
    const { method, url } = exchange.request
    const path = pathAfterPrefix(url)
    const status = exchange.response?.status
    const name = `${method} ${path}`
    return (
      <li
        key={exchange.id}
        className="history__entry"
        data-index={index}
        ref={virtualizer.measureElement}
        aria-setsize={entries.length}
        aria-posinset={index + 1}
      >
        <div className="history__line">
          <span className={`method method--${method.toLowerCase()}`}>{method}</span>
          <MiddleEllipsis text={path} title={url} className="history__mono history__path" />
          <span
            className={`history__mono history__status history__status--${statusClass(status)}`}
            title={exchange.failure ?? exchange.response?.statusText}
          >
            {status ?? 'failed'}
          </span>
          <time className="history__mono history__time" dateTime={new Date(exchange.at).toISOString()}>
            {TIME.format(exchange.at)}
          </time>
        </div>
        <div className="history__actions">
          <button type="button" className="button" aria-label={`Replay ${name}`} onClick={() => replay(draft)}>
            Replay
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Open response of ${name}`}
            onClick={() => showExchange(exchange)}
          >
            Open
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Copy ${name} as ${curl.label}`}
            title={curl.title}
            onClick={() => copy(`curl for ${curl.where}`, curl.text(exchange.request))}
          >
            {curl.short}
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Copy ${name} as fetch`}
            onClick={() => copy('fetch', toFetchSnippet(exchange.request))}
          >
            fetch
          </button>
          <CopyAsButton
            exchange={exchange}
            text="More…"
            label={`More ways to copy ${name}: HTTPie, a Vitest or a Playwright test`}
          />
        </div>
      </li>
    )
  }

  return (
    <section className="history" aria-labelledby={headingId}>
      <header className="devpanel__bar">
        <h2 id={headingId} className="devpanel__title">
          History
        </h2>
        <span className="history__muted" aria-live="polite" title={CAP_TITLE}>
          {countText(entries.length, all.length, sent)}
        </span>
        {confirming ? (
          <span className="history__confirm" role="group" aria-label="Confirm clearing the history">
            <button
              type="button"
              className="button"
              onClick={() => {
                clearHistory()
                setConfirming(false)
                setNotice(null)
              }}
            >
              Confirm clear
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" className="button" disabled={all.length === 0} onClick={() => setConfirming(true)}>
            Clear history
          </button>
        )}
      </header>
      {all.length > 0 && (
        <input className="input history__search" aria-label="Search the history" placeholder={SEARCH_HINT} {...box} />
      )}
      <div role="status" className="history__notice">
        {notice?.kind === 'copied' && `Copied as ${notice.what}.`}
        {notice?.kind === 'failed' && `Could not write to the clipboard; copy the ${notice.what} snippet below.`}
      </div>
      {notice?.kind === 'failed' && (
        <textarea
          className="input history__fallback"
          readOnly
          aria-label={`${notice.what} snippet`}
          value={notice.text}
          rows={6}
        />
      )}
      {entries.length === 0 ? (
        <p className="history__empty">
          {all.length === 0
            ? 'Nothing sent yet. Requests sent from the builder appear here.'
            : 'No sent request matches the search.'}
        </p>
      ) : (
        <div className="history__scroll" ref={scrollRef}>
          <ul className="history__list" aria-label="Sent requests">
            {slots.map((slot) =>
              slot.kind === 'gap' ? (
                <li key={slot.key} className="history__gap" aria-hidden="true" style={{ height: slot.size }} />
              ) : (
                item(entries[slot.item.index]!, slot.item.index)
              ),
            )}
          </ul>
        </div>
      )}
    </section>
  )
}
