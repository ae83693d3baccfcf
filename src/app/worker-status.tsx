import { useSyncExternalStore } from 'react'
import { useMock } from './mock-context.tsx'
import { describePersistence } from './persistence-status.ts'

/** The pill in the top bar: the worker runs, and whether what is created is saved. */
export function WorkerStatus() {
  const { store } = useMock()
  const { health } = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const status = describePersistence(health)
  return (
    <span role="status" className={`pill pill--${status.tone}`} title={[status.saving, ...status.problems].join('\n')}>
      <span className="pill__dot" aria-hidden="true" />
      Mock active · {status.short}
    </span>
  )
}
