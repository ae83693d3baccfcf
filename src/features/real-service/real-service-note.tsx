import { useControlSnapshot } from '../mock-controls/use-mock-control.ts'
import { useRealService } from './use-real-service.ts'

/** Under the builder's forecast: this request goes to the real service, so the forecast is only the mock's. */
export function RealServiceNote({ method, url }: { method: string; url: string }) {
  const { real, state } = useRealService()
  // Read so that a switch of scenario (which pauses the routing) renders this again.
  useControlSnapshot()
  if (state.config.operations.length === 0 || !URL.canParse(url)) return null
  const target = real.targetOf(new Request(url, { method }))
  if (!target) return null
  return (
    <p className="real-note" role="note" aria-label="Sent to the real service">
      <span className="real-note__label">Real</span>
      <span>
        Sent to <code>{target.url}</code>: the forecast is the mock’s; the Drift tab checks the real answer.
      </span>
    </p>
  )
}
