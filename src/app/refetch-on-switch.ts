import type { QueryClient } from '@tanstack/react-query'
import type { MockControl } from '#mocks/internal.ts'

/**
 * Refetches the queries of `client` whenever `control` switches scenario: what they read came from
 * the state before (contract §12). Other changes (a counted call, a setting) refetch nothing.
 * Returns the unsubscribe.
 *
 * @example
 * useEffect(() => refetchOnScenarioSwitch(browserControl, queryClient), [])
 */
export function refetchOnScenarioSwitch(
  control: Pick<MockControl, 'subscribe' | 'getSnapshot'>,
  client: Pick<QueryClient, 'invalidateQueries'>,
): () => void {
  let scenario = control.getSnapshot().scenario
  return control.subscribe(() => {
    const next = control.getSnapshot().scenario
    if (next === scenario) return
    scenario = next
    void client.invalidateQueries()
  })
}
