import { useId } from 'react'
import type { Exchange } from '../app/explorer-bus.ts'

interface Props {
  exchange: Exchange
  onClose: () => void
}

/** One logged exchange in the panel: status, response headers and body, all as text. */
export function ExchangeDetails({ exchange, onClose }: Props) {
  const headingId = useId()
  const { request, response } = exchange
  return (
    <section className="apm-details" aria-labelledby={headingId}>
      <div className="apm-details__bar">
        <h2 id={headingId} className="apm-details__title">
          {request.method} {request.url}
        </h2>
        <button type="button" className="button" onClick={onClose}>
          Close details
        </button>
      </div>
      <p>
        {response ? `${response.status} ${response.statusText}` : exchange.failure} · {exchange.durationMs} ms{' '}
        {exchange.timing === 'in-mock' ? 'in the mock' : 'round trip'}
      </p>
      {response && (
        <>
          <dl aria-label="Response headers">
            {response.headers.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <pre aria-label="Response body">{response.body || '(empty body)'}</pre>
        </>
      )}
    </section>
  )
}
