import { type ControlSnapshot, DEFAULT_SETTINGS, type MockControl } from '#mocks/internal.ts'
import { useControlSnapshot } from '../features/mock-controls/use-mock-control.ts'
import { useRealService } from '../features/real-service/use-real-service.ts'
import { useMock } from './mock-context.tsx'

interface Chip {
  key: string
  label: string
  /** What the chip's button turns off, for its accessible name. */
  off: string
  turnOff: (control: MockControl) => void
}

const latencyText = (latency: ControlSnapshot['settings']['latency']) =>
  latency.mode === 'fixed' ? `${latency.ms} ms` : latency.mode === 'range' ? `${latency.minMs}–${latency.maxMs} ms` : ''

/** One chip per setting that differs from the defaults: what a person must know before reading an answer. */
export function chipsOf(snapshot: ControlSnapshot): Chip[] {
  const { settings, quotaUsed, rateWindow, forcedNext } = snapshot
  const chips: Chip[] = []
  if (settings.maintenance) {
    chips.push({
      key: 'maintenance',
      label: 'Maintenance: every answer 503',
      off: 'maintenance',
      turnOff: (c) => c.set({ maintenance: false }),
    })
  }
  if (forcedNext !== null) {
    chips.push({
      key: 'forced',
      label: `Next answer forced: ${forcedNext}`,
      off: 'the forced status',
      turnOff: (c) => c.forceNext(null),
    })
  }
  if (settings.quota !== null) {
    chips.push({
      key: 'quota',
      label: `Quota ${Math.min(quotaUsed, settings.quota)}/${settings.quota}`,
      off: 'the quota',
      turnOff: (c) => c.set({ quota: null }),
    })
  }
  if (settings.rateLimit) {
    const { calls, windowSeconds } = settings.rateLimit
    chips.push({
      key: 'rate',
      label: `Rate ${rateWindow?.calls ?? 0}/${calls} per ${windowSeconds} s`,
      off: 'the rate limit',
      turnOff: (c) => c.set({ rateLimit: null }),
    })
  }
  if (settings.latency.mode !== 'off') {
    chips.push({
      key: 'latency',
      label: `Latency ${latencyText(settings.latency)}`,
      off: 'latency',
      turnOff: (c) => c.set({ latency: { mode: 'off' } }),
    })
  }
  if (settings.bodyLimitBytes !== DEFAULT_SETTINGS.bodyLimitBytes) {
    chips.push({
      key: 'body',
      label: `Body limit ${settings.bodyLimitBytes} B`,
      off: 'the body limit',
      turnOff: (c) => c.set({ bodyLimitBytes: DEFAULT_SETTINGS.bodyLimitBytes }),
    })
  }
  if (settings.retryAfterSeconds !== DEFAULT_SETTINGS.retryAfterSeconds) {
    chips.push({
      key: 'retry',
      label: `Retry-After ${settings.retryAfterSeconds} s`,
      off: 'the Retry-After setting',
      turnOff: (c) => c.set({ retryAfterSeconds: DEFAULT_SETTINGS.retryAfterSeconds }),
    })
  }
  return chips
}

/** The mock's scenario (when not the default) and its non-default conditions, always in view, each condition with one click to turn it off. */
export function MockStateChips() {
  const { control } = useMock()
  const snapshot = useControlSnapshot()
  const { real, state } = useRealService()
  const chips = chipsOf(snapshot)
  const scenario = snapshot.scenario === 'default' ? null : control.scenario
  const { baseUrl, operations } = state.config
  const sending = baseUrl !== null && operations.length > 0
  if (chips.length === 0 && !scenario && !sending) return null
  return (
    <ul className="state-chips" aria-label="Mock conditions in force">
      {scenario && (
        <li className="state-chip state-chip--scenario" title={scenario.description}>
          <span>Scenario: {scenario.title}</span>
        </li>
      )}
      {sending && (
        <li
          className="state-chip state-chip--real"
          title={`${operations.join(', ')} ${scenario ? 'would go' : 'go'} to ${baseUrl}${scenario ? ' (paused: a scenario is in use)' : ''}`}
        >
          <span>
            Real: {operations.join(', ')}
            {scenario && ' (paused)'}
          </span>
          <button
            type="button"
            className="state-chip__off"
            aria-label="Turn off the real service"
            title="Turn off the real service: mock everything"
            onClick={() => real.configure({ baseUrl, operations: [] })}
          >
            ×
          </button>
        </li>
      )}
      {chips.map((chip) => (
        <li key={chip.key} className={`state-chip state-chip--${chip.key}`}>
          <span>{chip.label}</span>
          <button
            type="button"
            className="state-chip__off"
            aria-label={`Turn off ${chip.off}`}
            title={`Turn off ${chip.off}`}
            onClick={() => chip.turnOff(control)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}
