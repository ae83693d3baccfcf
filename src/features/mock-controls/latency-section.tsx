import { useId } from 'react'
import type { LatencySetting, MockSettings } from '#mocks/internal.ts'
import { useMock } from '../../app/mock-context.tsx'
import { NumberField } from './number-field.tsx'
import { applySettings, useControlSnapshot } from './use-mock-control.ts'

const MAX_MS = 60_000

/** Named network profiles, as latency settings. */
export const LATENCY_PROFILES: ReadonlyArray<{ name: string; latency: LatencySetting }> = [
  { name: 'Fast 3G', latency: { mode: 'range', minMs: 150, maxMs: 400 } },
  { name: 'Slow 3G', latency: { mode: 'range', minMs: 400, maxMs: 2000 } },
  { name: 'Satellite', latency: { mode: 'fixed', ms: 600 } },
]

const same = (a: LatencySetting, b: LatencySetting) => JSON.stringify(a) === JSON.stringify(b)

function describeLatency(latency: LatencySetting): string {
  if (latency.mode === 'off') return 'off'
  if (latency.mode === 'fixed') return `${latency.ms} ms`
  return `${latency.minMs}–${latency.maxMs} ms`
}

/** Latency: off, fixed, a range, or a named profile. */
export function LatencySection() {
  const { control } = useMock()
  const { latency } = useControlSnapshot().settings
  const apply = (patch: Partial<MockSettings>) => applySettings(control, patch)
  const name = useId()
  const profileId = useId()
  const profile = LATENCY_PROFILES.find((candidate) => same(candidate.latency, latency))?.name ?? ''
  const fixedMs = latency.mode === 'fixed' ? latency.ms : 300
  const range = latency.mode === 'range' ? latency : { minMs: 100, maxMs: 500 }

  const setRange = (minMs: number, maxMs: number) =>
    minMs > maxMs ? 'Min must not exceed max.' : apply({ latency: { mode: 'range', minMs, maxMs } })

  return (
    <fieldset className="mockctl__group">
      <legend>
        Latency <span className="mockctl__muted">({describeLatency(latency)})</span>
      </legend>
      <div className="mockctl__row" role="radiogroup" aria-label="Latency mode">
        {(['off', 'fixed', 'range'] as const).map((mode) => (
          <label key={mode} className="mockctl__check">
            <input
              type="radio"
              name={name}
              checked={latency.mode === mode}
              onChange={() =>
                apply({
                  latency: mode === 'off' ? { mode } : mode === 'fixed' ? { mode, ms: fixedMs } : { mode, ...range },
                })
              }
            />
            {mode === 'off' ? 'Off' : mode === 'fixed' ? 'Fixed' : 'Range'}
          </label>
        ))}
      </div>
      {latency.mode === 'fixed' && (
        <NumberField
          label="Delay"
          unit="ms"
          value={latency.ms}
          min={0}
          max={MAX_MS}
          onCommit={(ms) => apply({ latency: { mode: 'fixed', ms } })}
        />
      )}
      {latency.mode === 'range' && (
        <div className="mockctl__row">
          <NumberField
            label="Min"
            unit="ms"
            value={latency.minMs}
            min={0}
            max={MAX_MS}
            onCommit={(minMs) => setRange(minMs, latency.maxMs)}
          />
          <NumberField
            label="Max"
            unit="ms"
            value={latency.maxMs}
            min={0}
            max={MAX_MS}
            onCommit={(maxMs) => setRange(latency.minMs, maxMs)}
          />
        </div>
      )}
      <span className="mockctl__inline">
        <label htmlFor={profileId} className="mockctl__label">
          Profile
        </label>
        <select
          className="input"
          id={profileId}
          value={profile}
          onChange={(event) => {
            const chosen = LATENCY_PROFILES.find((candidate) => candidate.name === event.target.value)
            if (chosen) apply({ latency: chosen.latency })
          }}
        >
          <option value="">{profile === '' ? 'Custom' : 'Choose a profile'}</option>
          {LATENCY_PROFILES.map(({ name: profileName, latency: value }) => (
            <option key={profileName} value={profileName}>
              {profileName} ({describeLatency(value)})
            </option>
          ))}
        </select>
      </span>
    </fieldset>
  )
}
