import { useEffect, useState } from 'react'
import { useWorkerReady } from './worker-ready.ts'

/** A strip under the top bar when the worker takes long to start: why, and what to do. Nothing otherwise. */
export function WorkerSlowNotice({ slowAfterMs = 5000 }: { slowAfterMs?: number }) {
  const starting = useWorkerReady() === 'starting'
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!starting) return
    const timer = setTimeout(() => setSlow(true), slowAfterMs)
    return () => clearTimeout(timer)
  }, [starting, slowAfterMs])
  if (!starting || !slow) return null
  return (
    <p className="callout callout--warn worker-slow">
      The mock worker is taking long to start: it waits for its stored data (IndexedDB) and the service worker. Another
      explorer tab holding the database, or a browser setting, can keep it waiting. Close the other tabs and reload.
    </p>
  )
}
