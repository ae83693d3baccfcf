import { useState } from 'react'
import { ERROR_MESSAGES, isErrorStatus } from '#mocks/handlers/errors.ts'
import { type Exchange, useExplorerBus } from '../../app/explorer-bus.ts'
import { CopyButton } from '../../components/copy-button.tsx'
import { MethodBadge } from '../../components/method-badge.tsx'
import { Tabs } from '../../components/tabs.tsx'
import { toCurl, toFetchSnippet } from '../snippets/snippets.ts'
import { HeadersTable } from './headers-table.tsx'
import { JsonTree } from './json-tree.tsx'
import { ResponseCallouts } from './response-callouts.tsx'
import { statusClass } from './status-meaning.ts'
import './response-viewer.css'

const SUCCESS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' }
const statusText = (status: number, given: string) =>
  given || SUCCESS_TEXT[status] || (isErrorStatus(status) ? ERROR_MESSAGES[status] : '')

type View = 'body' | 'headers' | 'request'

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** Path and query of the request URL; the URL as given when it does not parse. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.pathname + parsed.search
  } catch {
    return url
  }
}

const formatSize = (text: string) => {
  const bytes = new TextEncoder().encode(text).byteLength
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`
}

function Body({ text }: { text: string }) {
  const parsed = parse(text)
  return (
    <div className="viewer__body">
      <div className="viewer__body-bar">
        <CopyButton label="Copy body" text={() => (parsed.ok ? JSON.stringify(parsed.value, null, 2) : text)} />
      </div>
      {parsed.ok ? <JsonTree value={parsed.value} /> : <pre className="code-block" aria-label="Response body">{text || '(empty body)'}</pre>}
    </div>
  )
}

function Answer({ exchange }: { exchange: Exchange }) {
  const [view, setView] = useState<View>('body')
  const { response, request } = exchange
  return (
    <>
      <div className="viewer__summary">
        {response ? (
          <span className={`status status--${statusClass(response.status)}`} aria-label="Status">
            {response.status} {statusText(response.status, response.statusText)}
          </span>
        ) : (
          <span className="status status--bad">Network failure</span>
        )}
        <span className="viewer__stat" aria-label="Time taken">{Math.round(exchange.durationMs)} ms</span>
        {response && <span className="viewer__stat">{formatSize(response.body)}</span>}
        <span className="viewer__request" title={`${request.method} ${request.url}`}>
          <MethodBadge method={request.method} /> <span className="viewer__url">{pathOf(request.url)}</span>
        </span>
        <span className="viewer__actions">
          <CopyButton label="Copy as curl" text={() => toCurl(request)} />
          <CopyButton label="Copy as fetch" text={() => toFetchSnippet(request)} />
        </span>
      </div>
      {exchange.failure && <p className="callout callout--bad" role="alert">{exchange.failure}</p>}
      <ResponseCallouts exchange={exchange} />
      {response && (
        <Tabs
          label="Response views"
          selected={view}
          onSelect={setView}
          tabs={[
            { id: 'body', label: 'Body' },
            { id: 'headers', label: `Headers (${response.headers.length})` },
            { id: 'request', label: 'Request' },
          ]}
        >
          {view === 'body' && <Body text={response.body} />}
          {view === 'headers' && <HeadersTable headers={response.headers} label="Response headers" />}
          {view === 'request' && (
            <div className="viewer__request-view">
              <HeadersTable headers={request.headers} label="Request headers" />
              {request.body !== null && <pre className="code-block" aria-label="Request body sent">{request.body || '(empty body)'}</pre>}
            </div>
          )}
        </Tabs>
      )}
    </>
  )
}

/** Shows the exchange on the bus: status, time, meaning, schema check, body, headers. */
export function ResponseViewer() {
  const { exchange } = useExplorerBus()
  return (
    <section className="viewer" aria-label="Response">
      <h2 className="panel-title">Response</h2>
      {exchange ? (
        <Answer key={exchange.id} exchange={exchange} />
      ) : (
        <div className="viewer__empty">
          <p>Send a request to see the answer here.</p>
          <p className="muted">
            <kbd>Ctrl</kbd>+<kbd>Enter</kbd> (<kbd>⌘</kbd>+<kbd>Enter</kbd> on a Mac) sends from anywhere in the builder.
          </p>
        </div>
      )}
    </section>
  )
}
