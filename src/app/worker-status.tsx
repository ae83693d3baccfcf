import { useSyncExternalStore } from 'react'
import { store } from '#mocks/browser.ts'

/** The pill in the top bar: the worker runs, and whether what is created persists. */
export function WorkerStatus() {
  const { health } = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const problems = [
    ...(health.lastError ? [health.lastError] : []),
    ...(health.skipped.length > 0 ? [`${health.skipped.length} stored record(s) skipped: ${health.skipped.join('; ')}`] : []),
  ]
  const warn = problems.length > 0
  return (
    <span role="status" className={`pill ${warn ? 'pill--warn' : 'pill--ok'}`} title={warn ? problems.join('\n') : undefined}>
      <span className="pill__dot" aria-hidden="true" />
      {warn ? `Mock active · ${health.lastError ? 'persistence failed' : 'records skipped'}` : `Mock active · ${health.persistence}`}
    </span>
  )
}
