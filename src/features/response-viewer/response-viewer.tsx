import { useState } from 'react'
import { useExplorerBus } from '../../app/explorer-bus.ts'
import type { Exchange } from '../../app/model.ts'
import { Tabs } from '../../components/tabs.tsx'
import { useInFlight } from '../request-builder/send-mutation.ts'
import { BodyView } from './body-view.tsx'
import { HeadersTable } from './headers-table.tsx'
import { InFlight } from './in-flight.tsx'
import { ResponseCallouts } from './response-callouts.tsx'
import { ResponseSummary } from './response-summary.tsx'
import { ScenarioNote } from './scenario-note.tsx'
import './response-viewer.css'

type View = 'body' | 'headers' | 'request'

function Answer({ exchange }: { exchange: Exchange }) {
  const [view, setView] = useState<View>('body')
  const { response, request } = exchange
  return (
    <>
      <ResponseSummary exchange={exchange} />
      <ScenarioNote exchange={exchange} />
      {exchange.failure && (
        <p className={`callout ${response ? 'callout--bad' : 'callout--info'} viewer__failure`} role="alert">
          {exchange.failure}
        </p>
      )}
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
          {view === 'body' && <BodyView text={response.body} />}
          {view === 'headers' && <HeadersTable headers={response.headers} label="Response headers" />}
          {view === 'request' && (
            <div className="viewer__request-view">
              <HeadersTable headers={request.headers} label="Request headers" />
              {request.body !== null && (
                <pre className="code-block" aria-label="Request body sent">
                  {request.body || '(empty body)'}
                </pre>
              )}
            </div>
          )}
        </Tabs>
      )}
    </>
  )
}

/** Shows the exchange on the bus: status, time, meaning, schema check, body, headers; and the send in flight. */
export function ResponseViewer() {
  const { exchange } = useExplorerBus()
  const inFlight = useInFlight()
  return (
    <section className="viewer" aria-label="Response" aria-busy={inFlight !== null}>
      <h2 className="panel-title">Response</h2>
      {inFlight && <InFlight {...inFlight} />}
      {exchange ? (
        <div className={`viewer__answer ${inFlight ? 'viewer__answer--stale' : ''}`}>
          {inFlight && <p className="viewer__stale-note">The answer below is the previous one.</p>}
          <Answer key={exchange.id} exchange={exchange} />
        </div>
      ) : (
        !inFlight && (
          <div className="viewer__empty">
            <p>Send a request to see the answer here.</p>
            <p className="muted">
              <kbd>Ctrl</kbd>+<kbd>Enter</kbd> (<kbd>⌘</kbd>+<kbd>Enter</kbd> on a Mac) sends from anywhere on the page.
            </p>
          </div>
        )
      )}
    </section>
  )
}
