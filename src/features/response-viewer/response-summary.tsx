import type { Exchange } from '../../app/model.ts'
import { CopyButton } from '../../components/copy-button.tsx'
import { MethodBadge } from '../../components/method-badge.tsx'
import { PathEllipsis } from '../../components/path-ellipsis.tsx'
import { CopyAsButton } from '../snippets/copy-as-button.tsx'
import { useQuickCurl } from '../snippets/quick-curl.ts'
import { toFetchSnippet } from '../snippets/snippets.ts'
import { statusChip } from './status-chip.ts'

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

const formatTime = (ms: number) =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`

/** What an exchange's duration measures, named apart: one request has a round trip and a shorter time in the mock. */
const TIMINGS = {
  'round-trip': {
    name: 'Round trip',
    title:
      "From Send until the whole answer was read, as this page's fetch saw it (the mock's latency setting included)",
  },
  'in-mock': {
    name: 'In mock',
    title:
      "The mock's own time, as the network log measured it: from msw handing the request to the mock (request:start) to its answer (response:mocked), the latency setting included. The page's round trip for the same request is longer: it adds the way through the service worker and reading the body.",
  },
  imported: { name: 'Time', title: 'The time the HAR file recorded for this request' },
}

const timingOf = (exchange: Exchange) =>
  TIMINGS[exchange.source === 'imported' ? 'imported' : (exchange.timing ?? 'round-trip')]

/** The answer in one line: status, round trip, size, the request it answers, and copies of it. */
export function ResponseSummary({ exchange }: { exchange: Exchange }) {
  const { response, request } = exchange
  const chip = statusChip(exchange)
  const path = pathOf(request.url)
  const curl = useQuickCurl()
  const timing = timingOf(exchange)
  return (
    <div className="viewer__summary">
      <span className={`status status--${chip.tone}`} role="status" aria-label="Status" title={chip.title}>
        {chip.text}
      </span>
      <span className="viewer__stat" title={timing.title}>
        <span className="viewer__stat-name">{timing.name}</span> {formatTime(exchange.durationMs)}
      </span>
      {response && (
        <span className="viewer__stat">
          <span className="viewer__stat-name">Size</span> {formatSize(response.body)}
        </span>
      )}
      <span className="viewer__request">
        <MethodBadge method={request.method} />
        <PathEllipsis path={path} className="viewer__url" />
      </span>
      <span className="viewer__actions" role="group" aria-label="Copy the request">
        <span className="viewer__copy-label" aria-hidden="true">
          Copy as
        </span>
        <CopyButton
          label={`Copy as ${curl.label}`}
          short={curl.short}
          title={curl.title}
          text={() => curl.text(request)}
        />
        <CopyButton label="Copy as fetch" short="fetch" text={() => toFetchSnippet(request)} />
        <CopyAsButton
          exchange={exchange}
          text="test…"
          label="Copy as test"
          format="vitest"
          className="button button--ghost"
        />
      </span>
    </div>
  )
}
