import { useEffect, useState } from 'react'

/** Shown until the mock's worker runs, so a slow or stuck start is never a blank page. */
export function WorkerStarting({ slowAfterMs = 5000 }: { slowAfterMs?: number }) {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), slowAfterMs)
    return () => clearTimeout(timer)
  }, [slowAfterMs])
  return (
    <main className="worker-failure">
      <div className="worker-failure__card">
        <h1>Artefact Preview Explorer</h1>
        <p role="status">
          Starting the mock worker…
          {slow &&
            ' This is taking long: the mock waits for its stored data (IndexedDB) and the service worker. Another explorer tab holding the database, or a browser setting, can keep it waiting. Close the other tabs and reload.'}
        </p>
      </div>
    </main>
  )
}
