import { useEffect, useState } from 'react'

const ARTICLE = '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'

type State = { kind: 'loading' } | { kind: 'ok'; title: string } | { kind: 'failed'; status: number }

/** One help-centre article, read from the Artefact preview service on this origin. */
export default function App() {
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    fetch(ARTICLE, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        const next: State = response.ok
          ? { kind: 'ok', title: ((await response.json()) as { title: string }).title }
          : { kind: 'failed', status: response.status }
        if (live) setState(next)
      })
      .catch(() => live && setState({ kind: 'failed', status: 0 }))
    return () => {
      live = false
    }
  }, [attempt])

  return (
    <main>
      {state.kind === 'loading' && <p>Loading…</p>}
      {state.kind === 'ok' && <h1>{state.title}</h1>}
      {state.kind === 'failed' && <p role="alert">Could not load the article ({state.status})</p>}
      <button
        type="button"
        onClick={() => {
          setState({ kind: 'loading' })
          setAttempt((n) => n + 1)
        }}
      >
        Load again
      </button>
    </main>
  )
}
