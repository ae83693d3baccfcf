import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { browserControl as control, startMockWorker, worker } from '#mocks/browser.ts'
import { withoutScenarioParams } from '#mocks/internal.ts'
import { restoreControlSettings } from './features/mock-controls/persisted-settings.ts'
import { networkLogFor } from './features/network-log/log-store.ts'
import { browserStorage } from './features/mock-controls/settings-storage.ts'
import { readSavedScenarios, scenarioOfSaved } from './features/real-service/saved-scenarios.ts'
import { App } from './app/app.tsx'
import { restoreDrafts, selectOperation } from './app/explorer-bus.ts'
import { loadDrafts, saveDraftsOnChange } from './app/draft-storage.ts'
import { readOperation, syncOperationParam } from './app/deep-link.ts'
import { PanelBoundary } from './app/panel-boundary.tsx'
import { Providers } from './app/providers.tsx'
import { applyTheme } from './app/theme.ts'
import { refusalOf, refuseStart } from './app/start-refusal.ts'
import { WorkerFailure } from './app/worker-failure.tsx'
import { markWorkerFailed, markWorkerReady } from './app/worker-ready.ts'
import { exampleDraft } from './features/operations/examples.ts'
import './styles/tokens.css'
import './styles/app.css'
import './components/panel-heading.css'

const container = document.getElementById('root')
if (!container) throw new Error('[artefact-mock] index.html has no #root element')
// A crash a boundary caught is shown in its panel (and warned there), not logged as an error.
const root = createRoot(container, { onCaughtError: () => {} })
applyTheme()

/** Says, in words a person can act on, why the service worker could not start. */
function whyWorkerFailed(error: unknown): string {
  if (!window.isSecureContext) {
    return 'This page is not a secure context (it was opened on a LAN address or over plain http), so the browser offers no service worker.'
  }
  if (!('serviceWorker' in navigator)) {
    return 'This browser offers no service worker here: a private window or a browser setting may disable it.'
  }
  const detail = error instanceof Error ? error.message : String(error)
  return `The browser refused to register the service worker: ${detail}`
}

async function boot(): Promise<void> {
  if (!window.isSecureContext || !('serviceWorker' in navigator)) throw new Error('no service worker')
  // A link's ?mock-scenario= and ?mock-settings= are read by startMockWorker (and refused there when wrong).
  const fromLink = withoutScenarioParams(window.location.href) !== window.location.href
  // Nothing the shell does before this resolves can send: every send awaits whenWorkerReady().
  // Scenarios saved from real answers are known from the start, so a reload stays in one of them.
  await startMockWorker({ scenarios: readSavedScenarios(browserStorage()).map(scenarioOfSaved) })
  // The scenario's settings first, then those changed on top of it here before (a link's own win).
  restoreControlSettings(control, { apply: !fromLink })
  // The browser remembers the link's state now; the address bar need not ask for it again.
  if (fromLink) window.history.replaceState(window.history.state, '', withoutScenarioParams(window.location.href))
}

// Listen before the worker starts, so the log misses no request of this page.
networkLogFor(worker)
// The drafts of the last visit come back; ?op= (a shared link) picks the operation shown.
const saved = loadDrafts()
restoreDrafts(saved.drafts, saved.lastCreated)
const operation = readOperation() ?? saved.current ?? 'getArtefact'
selectOperation(operation, () => exampleDraft(operation))
saveDraftsOnChange()
syncOperationParam()
// The shell renders at once; only sending waits for the worker (decision 039).
root.render(
  <StrictMode>
    <PanelBoundary name="The explorer">
      <Providers>
        <App />
      </Providers>
    </PanelBoundary>
  </StrictMode>,
)
try {
  await boot()
  markWorkerReady()
} catch (error) {
  markWorkerFailed()
  // A scenario or settings the page's link asks for and the mock refuses: the shell stays, with a banner.
  const refusal = refusalOf(error)
  if (refusal) refuseStart(refusal)
  else root.render(<WorkerFailure reason={whyWorkerFailed(error)} />)
}
