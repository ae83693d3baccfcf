import { type FormEvent, useId, useState } from 'react'
import type { OperationId } from '../../app/model.ts'
import { OPERATIONS } from '../operations/catalogue.ts'
import { useControlSnapshot } from '../mock-controls/use-mock-control.ts'
import { parseBaseUrl } from './real-service-config.ts'
import { useRealService } from './use-real-service.ts'

/** The real base URL and the operations sent there (contract §13); applied together, kept across reloads. */
export function RealServiceForm() {
  const { real, state } = useRealService()
  const { scenario } = useControlSnapshot()
  const { config } = state
  const [text, setText] = useState(config.baseUrl ?? '')
  const [chosen, setChosen] = useState<ReadonlySet<OperationId>>(() => new Set(config.operations))
  const [error, setError] = useState<string | null>(null)
  // A choice changed elsewhere (the top bar's chip) shows here; the focus stays where it was.
  const [shown, setShown] = useState(config)
  if (shown !== config) {
    setShown(config)
    setText(config.baseUrl ?? '')
    setChosen(new Set(config.operations))
  }
  const ids = { url: useId(), error: useId(), hint: useId() }

  function apply(event: FormEvent) {
    event.preventDefault()
    if (text.trim() === '' && chosen.size === 0) {
      real.configure({ baseUrl: null, operations: [] })
      setError(null)
      return
    }
    const base = parseBaseUrl(text)
    if (!base.ok) {
      setError(base.reason)
      return
    }
    setError(null)
    setText(base.url)
    real.configure({ baseUrl: base.url, operations: OPERATIONS.map((op) => op.id).filter((id) => chosen.has(id)) })
  }

  function mockEverything() {
    setChosen(new Set())
    real.configure({ baseUrl: config.baseUrl, operations: [] })
  }

  function toggle(id: OperationId, on: boolean) {
    const next = new Set(chosen)
    if (on) next.add(id)
    else next.delete(id)
    setChosen(next)
  }

  const sending = config.baseUrl !== null && config.operations.length > 0
  return (
    <form className="drift__form" aria-label="Send to the real service" noValidate onSubmit={apply}>
      <label className="drift__label" htmlFor={ids.url}>
        Real base URL
      </label>
      <input
        id={ids.url}
        className="input input--mono drift__url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="https://staging.example.test"
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p id={ids.error} className="drift__error">
          {error}
        </p>
      )}
      <p id={ids.hint} className="drift__hint">
        The same path goes under this URL. The real service must allow this page’s origin (
        <code>{window.location.origin}</code>) with CORS.
      </p>
      <fieldset className="drift__ops">
        <legend>Operations sent there</legend>
        {OPERATIONS.map((op) => (
          <label key={op.id} className="drift__op">
            <input
              type="checkbox"
              checked={chosen.has(op.id)}
              onChange={(event) => toggle(op.id, event.target.checked)}
            />
            <span>{op.title}</span>
            <code className="drift__op-path">
              {op.method} {op.path}
            </code>
          </label>
        ))}
      </fieldset>
      <div className="drift__actions">
        <button type="submit" className="button button--primary" disabled={!real.installed}>
          Apply
        </button>
        <button type="button" className="button" disabled={!sending} onClick={mockEverything}>
          Mock everything
        </button>
      </div>
      <p className="drift__state" role="status">
        {!real.installed
          ? 'This panel was given a worker without use(): pass the worker from startMockWorker to send to a real service.'
          : sending
            ? `${config.operations.join(', ')} ${config.operations.length === 1 ? 'goes' : 'go'} to ${config.baseUrl}; the rest is mocked.`
            : 'Every operation is mocked.'}
      </p>
      {sending && scenario !== 'default' && (
        <p className="drift__paused" role="note">
          Paused: while the scenario <code>{scenario}</code> is in use, the mock answers everything (as the HTTP mode’s
          hybrid mode does). Use Default to send to the real service again.
        </p>
      )}
    </form>
  )
}
