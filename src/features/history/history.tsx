import { useId, useRef, useState } from 'react'
import { PREFIX } from '#mocks/internal.ts'
import { openDraft, showExchange } from '../../app/explorer-bus.ts'
import { useVirtualRows } from '../../components/virtual-rows.ts'
import { CopyAsButton } from '../snippets/copy-as-button.tsx'
import { toCurl, toFetchSnippet } from '../snippets/snippets.ts'
import type { HistoryEntry } from './history-schema.ts'
import { clearHistory, useHistory } from './history-store.ts'
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

function pathOf(url: string): string {
  try {
    const parsed = new URL(url, 'http://x')
    const path = parsed.pathname.startsWith(PREFIX) ? parsed.pathname.slice(PREFIX.length) || '/' : parsed.pathname
    return `${path}${parsed.search}`
  } catch {
    return url
  }
}

const statusClass = (status: number | undefined) =>
  status === undefined ? 'err' : status < 300 ? 'ok' : status < 500 ? 'warn' : 'err'

/** Sent requests, newest first: replay, reopen the answer, copy as curl, fetch, HTTPie or a test. */
export function History() {
  const entries = useHistory()
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
    const path = pathOf(url)
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
          <span className="history__mono history__path" title={url}>
            {path}
          </span>
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
          <button type="button" className="button" aria-label={`Replay ${name}`} onClick={() => openDraft(draft)}>
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
            aria-label={`Copy ${name} as curl`}
            onClick={() => copy('curl', toCurl(exchange.request))}
          >
            curl
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
        <span className="history__muted">{entries.length} sent</span>
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
          <button type="button" className="button" disabled={entries.length === 0} onClick={() => setConfirming(true)}>
            Clear history
          </button>
        )}
      </header>
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
        <p className="history__empty">Nothing sent yet. Requests sent from the builder appear here.</p>
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
