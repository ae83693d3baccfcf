import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { createControl } from '#mocks/internal.ts'
import { refetchOnScenarioSwitch } from './refetch-on-switch.ts'

function watchCount(client: QueryClient, read: () => number) {
  const observer = new QueryObserver(client, { queryKey: ['artefacts'], queryFn: async () => read() })
  const seen: number[] = []
  const stop = observer.subscribe((result) => {
    if (result.data !== undefined && result.fetchStatus === 'idle') seen.push(result.data)
  })
  return { seen, stop }
}

test('a switch of scenario refetches what the queries read; a counted call or a setting does not', async () => {
  const control = createControl()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  let reads = 0
  const { seen, stop } = watchCount(client, () => {
    reads += 1
    return control.store.getSnapshot().artefacts.length
  })
  const unsubscribe = refetchOnScenarioSwitch(control, client)
  await expect.poll(() => seen).toEqual([14])

  control.countCall()
  control.set({ retryAfterSeconds: 5 })
  await control.useScenario('empty')
  await expect.poll(() => seen).toEqual([14, 0])
  expect(reads).toBe(2)

  unsubscribe()
  stop()
})
