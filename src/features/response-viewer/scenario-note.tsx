import type { Exchange } from '../../app/model.ts'
import { useControlSnapshot } from '../mock-controls/use-mock-control.ts'

/** When the answer came from another scenario than the one in use now (its `X-Mock-Scenario`), says so. */
export function ScenarioNote({ exchange }: { exchange: Exchange }) {
  const { scenario } = useControlSnapshot()
  const named = (headers: ReadonlyArray<[string, string]> = []) =>
    headers.find(([name]) => name.toLowerCase() === 'x-mock-scenario')?.[1]
  const answeredIn = named(exchange.response?.headers)
  // A request that named its scenario (the X-Mock-Scenario header) is answered in it whatever the mock is in.
  if (!answeredIn || answeredIn === scenario || named(exchange.request.headers)) return null
  return (
    <p className="callout callout--info viewer__failure" role="note" aria-label="Answered in another scenario">
      Answered in the scenario <code>{answeredIn}</code>; the mock is in <code>{scenario}</code> now. Send again to see
      its answer.
    </p>
  )
}
