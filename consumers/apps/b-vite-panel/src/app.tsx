import { useState } from 'react'

const ARTEFACT = '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'

/** A page of a host app that reads one artefact from the preview service. */
export function App() {
  const [result, setResult] = useState('Not loaded')
  async function load() {
    const response = await fetch(ARTEFACT, { headers: { Accept: 'application/json' } })
    const body = (await response.json()) as { title?: string; message?: string }
    setResult(`${response.status} ${body.title ?? body.message ?? ''}`)
  }
  return (
    <main>
      <h1>Help centre</h1>
      <button type="button" onClick={load}>Load artefact</button>
      <p role="status">{result}</p>
    </main>
  )
}
