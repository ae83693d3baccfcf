import { useId, useState } from 'react'
import { ERROR_MESSAGES, ERROR_STATUSES, type ErrorStatus } from '#mocks/internal.ts'
import { useMock } from '../../app/mock-context.tsx'
import { useControlSnapshot } from './use-mock-control.ts'

/** Arms one of the nine error statuses for the next request that reaches the mock. */
export function ForceStatusSection() {
  const { control } = useMock()
  const { forcedNext } = useControlSnapshot()
  const selectId = useId()
  const [status, setStatus] = useState<ErrorStatus>(503)
  return (
    <fieldset className="mockctl__group">
      <legend>Force the next response</legend>
      <div className="mockctl__row">
        <span className="mockctl__inline">
          <label htmlFor={selectId} className="mockctl__label">
            Status
          </label>
          <select
            className="input"
            id={selectId}
            value={status}
            onChange={(event) => setStatus(Number(event.target.value) as ErrorStatus)}
          >
            {ERROR_STATUSES.map((code) => (
              <option key={code} value={code}>
                {code} {ERROR_MESSAGES[code]}
              </option>
            ))}
          </select>
        </span>
        <button type="button" className="button" onClick={() => control.forceNext(status)}>
          Arm
        </button>
        {forcedNext !== null && (
          <button type="button" className="button" onClick={() => control.forceNext(null)}>
            Disarm
          </button>
        )}
      </div>
      <p className={forcedNext === null ? 'mockctl__live' : 'mockctl__live mockctl__armed'} role="status">
        {forcedNext === null
          ? 'Not armed.'
          : `Armed: the next request answers ${forcedNext} ${ERROR_MESSAGES[forcedNext]}.`}
      </p>
    </fieldset>
  )
}
