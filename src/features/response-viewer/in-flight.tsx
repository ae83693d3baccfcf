import { useMemo } from 'react'
import type { RequestDraft } from '../../app/model.ts'
import { useNow } from '../mock-controls/use-mock-control.ts'
import { planRequest } from '../request-builder/build-request.ts'
import { MethodBadge } from '../../components/method-badge.tsx'
import { MiddleEllipsis } from '../../components/middle-ellipsis.tsx'

interface Props {
  draft: RequestDraft
  startedAt: number
  cancel: () => void
}

/** The request on its way: what, for how long, and a way to stop waiting. */
export function InFlight({ draft, startedAt, cancel }: Props) {
  const now = useNow(true, 100)
  const plan = useMemo(() => planRequest(draft, window.location.origin), [draft])
  const { pathname, search } = new URL(plan.url)
  const seconds = Math.max(0, (now - startedAt) / 1000)
  return (
    <div className="in-flight" role="status">
      <span className="in-flight__bar" aria-hidden="true" />
      <span className="in-flight__label">Sending</span>
      <MethodBadge method={plan.method} />
      <MiddleEllipsis text={`${pathname}${search}`} className="in-flight__url" />
      <span className="in-flight__time">{seconds.toFixed(1)} s</span>
      <button type="button" className="button button--danger" onClick={cancel}>
        Cancel request
      </button>
    </div>
  )
}
