import { NumberField } from './number-field.tsx'
import { applySettings, useControlSnapshot } from './use-mock-control.ts'

/** Maintenance mode: every request 503, with Retry-After. */
export function MaintenanceSection() {
  const { settings } = useControlSnapshot()
  return (
    <fieldset className="mockctl__group">
      <legend>Maintenance (503)</legend>
      <label className="mockctl__check">
        <input type="checkbox" checked={settings.maintenance} onChange={(event) => applySettings({ maintenance: event.target.checked })} />
        Maintenance mode
      </label>
      <NumberField
        label="Retry-After"
        unit="s"
        value={settings.retryAfterSeconds}
        min={0}
        max={86_400}
        onCommit={(retryAfterSeconds) => applySettings({ retryAfterSeconds })}
      />
    </fieldset>
  )
}
