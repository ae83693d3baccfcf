import { useState } from 'react'
import { useMock } from '../../app/mock-context.tsx'

type Phase = 'idle' | 'confirming' | 'resetting' | 'done'

/** Restores the static data set, after a confirmation step. */
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

  return (
    <fieldset className="mockctl__group">
      <legend>Data set</legend>
      {phase === 'confirming' || phase === 'resetting' ? (
        <div className="mockctl__confirm" role="group" aria-label="Confirm reset">
          <p>Remove every artefact and category created here and restore the static data set? Counters are cleared; settings stay.</p>
          <div className="mockctl__row">
            <button type="button" className="button mockctl__danger" disabled={phase === 'resetting'} onClick={confirm} autoFocus>
              Confirm reset
            </button>
            <button type="button" className="button" disabled={phase === 'resetting'} onClick={() => setPhase('idle')}>Cancel</button>
          </div>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setPhase('confirming')}>Reset data set…</button>
      )}
      <p className="mockctl__live" role="status">
        {phase === 'done' && (failure ? `Reset failed: ${failure}` : 'Data set restored.')}
      </p>
    </fieldset>
  )
}
