import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'

const root = createRoot(document.getElementById('root')!)

// The README's snippet: in dev the mock answers and the panel shows; a production build holds neither.
if (import.meta.env.DEV) {
  const { control, startMockWorker, worker } = await import('artefact-preview-mock/browser')
  const { ArtefactMockPanel } = await import('artefact-preview-mock/panel')
  await startMockWorker()
  root.render(
    <StrictMode>
      <App />
      <ArtefactMockPanel worker={worker} control={control} />
    </StrictMode>,
  )
} else {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
