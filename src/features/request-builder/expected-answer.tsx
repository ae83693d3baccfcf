import { statusClass, statusWords } from '../response-viewer/status-meaning.ts'
import type { Forecast } from './preflight.ts'

/** One line before Send: the answer the mock will give, and why. */
export function ExpectedAnswer({ forecast, note }: { forecast: Forecast; note: string }) {
  const [first, ...more] = forecast.findings
  const tone = forecast.inBody ? 'warn' : statusClass(forecast.status)
  return (
    <p className={`forecast forecast--${tone}`} role="status" aria-label="Expected answer">
      <span className="forecast__label">Expected</span>
      <span className={`status status--${tone} status--small`}>
        {forecast.status} {statusWords(forecast.status)}
        {forecast.inBody && ' · hasErrors'}
      </span>
      <span className="forecast__why">
        {first ? first.message : note}
        {more.length > 0 && <span className="muted"> (and {more.length} more below)</span>}
      </span>
    </p>
  )
}
