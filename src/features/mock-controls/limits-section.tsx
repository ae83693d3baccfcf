import { useMock } from '../../app/mock-context.tsx'
import type { MockSettings } from '#mocks/internal.ts'
import { NumberField } from './number-field.tsx'
import { applySettings, useControlSnapshot, useNow } from './use-mock-control.ts'

const DEFAULT_QUOTA = 100
const DEFAULT_RATE = { calls: 10, windowSeconds: 60 }

/** Call volume quota (403) and rate limit (429), with their live counters. */
export function LimitsSection() {
  const { control } = useMock()
  const { settings, quotaUsed, rateWindow } = useControlSnapshot()
  const apply = (patch: Partial<MockSettings>) => applySettings(control, patch)
  const now = useNow(rateWindow !== null)
  const windowOpen = rateWindow !== null && rateWindow.endsAt > now
  const rate = settings.rateLimit

  return (
    <fieldset className="mockctl__group">
      <legend>Limits (403, 429)</legend>
      <div className="mockctl__row">
        <label className="mockctl__check">
          <input
            type="checkbox"
            checked={settings.quota !== null}
            onChange={(event) => apply({ quota: event.target.checked ? DEFAULT_QUOTA : null })}
          />
          Quota
        </label>
        <NumberField
          label="Calls allowed"
          value={settings.quota ?? DEFAULT_QUOTA}
          min={0}
          max={1_000_000}
          disabled={settings.quota === null}
          onCommit={(quota) => apply({ quota })}
        />
      </div>
      <p className="mockctl__live" aria-live="polite">
        Calls used: <output>{quotaUsed}</output>
        {settings.quota !== null && ` of ${settings.quota}`}
      </p>
      <div className="mockctl__row">
        <label className="mockctl__check">
          <input
            type="checkbox"
            checked={rate !== null}
            onChange={(event) => apply({ rateLimit: event.target.checked ? DEFAULT_RATE : null })}
          />
          Rate limit
        </label>
        <NumberField
          label="Calls per window"
          value={rate?.calls ?? DEFAULT_RATE.calls}
          min={1}
          max={1_000_000}
          disabled={rate === null}
          onCommit={(calls) =>
            apply({ rateLimit: { calls, windowSeconds: rate?.windowSeconds ?? DEFAULT_RATE.windowSeconds } })
          }
        />
        <NumberField
          label="Window"
          unit="s"
          value={rate?.windowSeconds ?? DEFAULT_RATE.windowSeconds}
          min={1}
          max={86_400}
          disabled={rate === null}
          onCommit={(windowSeconds) =>
            apply({ rateLimit: { calls: rate?.calls ?? DEFAULT_RATE.calls, windowSeconds } })
          }
        />
      </div>
      {rate !== null && (
        <p className="mockctl__live">
          This window: <output>{windowOpen ? rateWindow.calls : 0}</output> of {rate.calls} calls
          {windowOpen && `, ends in ${Math.max(1, Math.ceil((rateWindow.endsAt - now) / 1000))} s`}
        </p>
      )}
      <button type="button" className="button" onClick={() => control.resetCounters()}>
        Reset counters
      </button>
    </fieldset>
  )
}
