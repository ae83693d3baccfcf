import { useId } from 'react'
import { scenarioLink } from '#mocks/internal.ts'
import { useStartRefusal } from './start-refusal.ts'

/** This page, started in scenario `id` with no settings on top. */
const startIn = (id: string) => scenarioLink(window.location.href, id, {})

/**
 * A banner under the top bar when the mock refused what the page's URL asked for: why, the
 * scenarios it knows (each a link), and a way to go on with `default`. Nothing otherwise.
 */
export function StartRefused() {
  const refusal = useStartRefusal()
  const headingId = useId()
  if (!refusal) return null
  return (
    <div className="callout callout--bad start-refused" role="alert" aria-labelledby={headingId}>
      <h2 id={headingId} className="callout__title start-refused__title">
        The mock did not start: this page asks for a state it cannot take
      </h2>
      <p>{refusal.reason}.</p>
      {refusal.known.length > 0 && (
        <nav aria-label="Known scenarios" className="start-refused__known">
          <span>Start in one of them:</span>
          <ul>
            {refusal.known.map((id) => (
              <li key={id}>
                <a href={startIn(id)}>
                  <code>{id}</code>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p>
        <a className="button button--primary start-refused__go" href={startIn('default')}>
          Go on with default
        </a>
      </p>
    </div>
  )
}
