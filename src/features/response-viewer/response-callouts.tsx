import type { Exchange } from '../../app/model.ts'
import { checkBody, inBodyErrors } from './body-check.ts'
import { CategoryCreatedCallout, CreatedCallout } from './created-callout.tsx'
import { statusMeaning } from './status-meaning.ts'

const header = (headers: ReadonlyArray<[string, string]>, name: string) =>
  headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? null

/** What an answer means: the spec's condition and the mock's reason, in-body errors, the schema check. */
export function ResponseCallouts({ exchange }: { exchange: Exchange }) {
  const response = exchange.response
  if (!response) return null
  const meaning = statusMeaning(response.status)
  const reason = header(response.headers, 'X-Mock-Reason')
  const retryAfter = header(response.headers, 'Retry-After')
  const errors = inBodyErrors(exchange)
  const check = checkBody(exchange)
  return (
    <div className="callouts">
      <CreatedCallout exchange={exchange} />
      <CategoryCreatedCallout exchange={exchange} />
      {meaning && (
        <div
          className={`callout ${response.status >= 500 ? 'callout--bad' : 'callout--warn'}`}
          aria-label="What this status means"
        >
          <p className="callout__title">
            {response.status} {meaning.message}: what it means in this API
          </p>
          <p>{meaning.condition}</p>
          {reason && (
            <p className="callout__reason" aria-label="Mock reason">
              <span className="callout__key">X-Mock-Reason</span>
              <code>{reason}</code>
            </p>
          )}
          {retryAfter && (
            <p>
              Retry after <strong>{retryAfter} s</strong> (<code>Retry-After</code>).
            </p>
          )}
        </div>
      )}
      {!meaning && reason && (
        // A status outside the spec's table with the mock's reason: the real service gave no answer (502).
        <div className="callout callout--bad" aria-label="Why the mock answered so">
          <p className="callout__title">
            {response.status} {response.statusText}: not a status of this API
          </p>
          <p className="callout__reason" aria-label="Mock reason">
            <span className="callout__key">X-Mock-Reason</span>
            <code>{reason}</code>
          </p>
        </div>
      )}
      {errors && (
        <div className="callout callout--warn" role="note" aria-label="Accepted but not stored">
          <p className="callout__title">Accepted but not stored: hasErrors is true</p>
          <p>
            The body fits the schema but breaks a rule of the data set; nothing was stored and responseId names no
            artefact.
          </p>
          <ul className="callout__list">
            {errors.map((error, index) => (
              <li key={index}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      {check && (
        <div
          className={`schema-check ${check.differences.length === 0 ? 'text-ok' : 'text-bad'}`}
          aria-label="Schema check"
        >
          {check.differences.length === 0 ? (
            <p>✓ Matches the spec ({check.schemaName})</p>
          ) : (
            <details open>
              <summary>
                ✗ Differs from the spec ({check.schemaName}): {check.differences.length} difference
                {check.differences.length === 1 ? '' : 's'}
              </summary>
              <ul className="callout__list">
                {check.differences.map((difference, index) => (
                  <li key={index}>
                    <code>{difference.path}</code> {difference.message}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </div>
  )
}
