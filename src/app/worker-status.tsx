import { useSyncExternalStore } from 'react'
import { useMock } from './mock-context.tsx'
import { describePersistence } from './persistence-status.ts'
import { useWorkerReady } from './worker-ready.ts'
import './worker-status.css'

/** The pill in the top bar: the worker is starting or runs, and whether what is created is saved. */
export function WorkerStatus() {
  const state = useWorkerReady()
  if (state === 'failed') {
    return (
      <span role="status" className="pill pill--failed" title="The mock refused to start: see the banner below">
        <span className="pill__dot" aria-hidden="true" />
        Mock not started
      </span>
    )
  }
  if (state !== 'ready') {
    return (
      <span role="status" className="pill pill--starting" title="Send waits until the mock's service worker runs">
        <span className="pill__dot" aria-hidden="true" />
        Starting the mock worker…
      </span>
    )
  }
  return <WorkerActive />
}

function WorkerActive() {
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
