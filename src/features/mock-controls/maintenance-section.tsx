import type { MockSettings } from '#mocks/internal.ts'
import { useMock } from '../../app/mock-context.tsx'
import { NumberField } from './number-field.tsx'
import { applySettings, useControlSnapshot } from './use-mock-control.ts'

/** Maintenance mode: every request 503, with Retry-After. */
export function MaintenanceSection() {
  const { control } = useMock()
  const { settings } = useControlSnapshot()
  const apply = (patch: Partial<MockSettings>) => applySettings(control, patch)
  return (
    <fieldset className="mockctl__group">
      <legend>Maintenance (503)</legend>
      <label className="mockctl__check">
        <input
          type="checkbox"
          checked={settings.maintenance}
          onChange={(event) => apply({ maintenance: event.target.checked })}
        />
        Maintenance mode
      </label>
      <NumberField
        label="Retry-After"
        unit="s"
        value={settings.retryAfterSeconds}
        min={0}
        max={86_400}
        onCommit={(retryAfterSeconds) => apply({ retryAfterSeconds })}
      />
    </fieldset>
  )
}
