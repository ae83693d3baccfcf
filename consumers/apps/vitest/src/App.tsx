import { useEffect, useState } from 'react'

export const API = 'https://api.example.test/v3/preview-upcoming/resources'
const ARTICLE_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

type State = { kind: 'loading' } | { kind: 'ok'; title: string } | { kind: 'failed'; status: number }

/** One help-centre article, read from the Artefact preview service. */
export default function App() {
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    let live = true
    fetch(`${API}/artefact/${ARTICLE_ID}`)
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
  }, [])

  if (state.kind === 'loading') return <p>Loading…</p>
  if (state.kind === 'failed') return <p role="alert">Could not load the article ({state.status})</p>
  return <h1>{state.title}</h1>
}
