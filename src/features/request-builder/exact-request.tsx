import { CopyButton } from '../../components/copy-button.tsx'
import type { PlannedRequest } from './build-request.ts'
import './exact-request.css'

/** The request as text, the way it goes on the wire (the body stays in the editor). */
export function requestHead(plan: PlannedRequest): string {
  const url = new URL(plan.url)
  const lines = [
    `${plan.method} ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    ...plan.headers.map(([name, value]) => `${name}: ${value}`),
  ]
  return lines.join('\n')
}

/** What will be sent, headers included, before it is: the Prefer behind "Force status" is visible here. */
export function ExactRequest({ plan }: { plan: PlannedRequest }) {
  const bytes = plan.body === null ? null : new TextEncoder().encode(plan.body).byteLength
  return (
    <details className="exact">
      <summary>
        <span className="exact__title">Exact request</span>
        <span className="exact__names">
          {plan.headers.map(([name, value]) => (
            <code key={name} className="exact__header">
              {name === 'Prefer' ? `${name}: ${value}` : name}
            </code>
          ))}
          <span className="exact__body">{bytes === null ? 'no body' : `body ${bytes} B`}</span>
        </span>
      </summary>
      <div className="exact__panel">
        <pre className="exact__text" aria-label="Request to send">
          {requestHead(plan)}
        </pre>
        <p className="exact__note muted">
          The browser adds its own headers (User-Agent, Accept-Language, Sec-Fetch-…) and Content-Length.
        </p>
        <CopyButton
          label="Copy request"
          text={() => (plan.body === null ? requestHead(plan) : `${requestHead(plan)}\n\n${plan.body}`)}
        />
      </div>
    </details>
  )
}
