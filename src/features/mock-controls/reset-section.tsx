import { useState } from 'react'
import { DEFAULT_SETTINGS } from '#mocks/internal.ts'
import { useMock } from '../../app/mock-context.tsx'

type Phase = 'idle' | 'confirming' | 'resetting' | 'done' | 'restored'

/** Restores the static data set (after a confirmation step), or the default settings (data kept). */
export function ResetSection() {
  const { control } = useMock()
  const [phase, setPhase] = useState<Phase>('idle')
  const [failure, setFailure] = useState<string | null>(null)

  async function confirm() {
    setPhase('resetting')
    try {
      await control.resetData()
      setFailure(null)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
    setPhase('done')
  }

  function restoreDefaults() {
    control.set(DEFAULT_SETTINGS)
    control.forceNext(null)
    control.resetCounters()
    setFailure(null)
    setPhase('restored')
  }

  return (
    <fieldset className="mockctl__group">
      <legend>Data set and settings</legend>
      {phase === 'confirming' || phase === 'resetting' ? (
        <div className="mockctl__confirm" role="group" aria-label="Confirm reset">
          <p>
            Remove every artefact and category created here and restore the static data set? Counters are cleared;
            settings stay.
          </p>
          <div className="mockctl__row">
            <button
              type="button"
              className="button mockctl__danger"
              disabled={phase === 'resetting'}
              onClick={confirm}
              autoFocus
            >
              Confirm reset
            </button>
            <button type="button" className="button" disabled={phase === 'resetting'} onClick={() => setPhase('idle')}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="mockctl__row">
          <button type="button" className="button" onClick={() => setPhase('confirming')}>
            Reset data set…
          </button>
          <button type="button" className="button" onClick={restoreDefaults}>
            Restore default settings
          </button>
        </div>
      )}
      <p className="mockctl__live" role="status">
        {phase === 'done' && (failure ? `Reset failed: ${failure}` : 'Data set restored.')}
        {phase === 'restored' &&
          'Settings back to their defaults: no maintenance, quota, rate limit, latency or forced status.'}
      </p>
    </fieldset>
  )
}
