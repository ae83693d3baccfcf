import { getResponse } from 'msw'
import { worker } from '../../mocks/browser.ts'
import { requestFor } from '../fixtures.ts'

/**
 * Stores `count` artefacts through the mock's own handlers and store (IndexedDB, as the
 * explorer's), without the service worker's round trip: set-up for other benches, untimed.
 * Resolves with the failures and the id of the last artefact stored.
 */
export async function fill(count: number, inFlight = 32): Promise<{ failures: number; lastId: string }> {
  const handlers = [...worker.listHandlers()] as Parameters<typeof getResponse>[0]
  let next = 0
  let failures = 0
  let lastId = ''
  const lane = async () => {
    while (next < count) {
      next += 1
      const res = await getResponse(handlers, requestFor(location.origin, 'create', next))
      if (!res || res.status >= 300) failures += 1
      else lastId = ((await res.json()) as { responseId: string }).responseId
    }
  }
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, lane))
  return { failures, lastId }
}
