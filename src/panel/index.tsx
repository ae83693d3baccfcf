import type { SetupWorker } from 'msw/browser'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import type { MockControl } from '#mocks/internal.ts'
import type { Exchange } from '../app/explorer-bus.ts'
import { MockProvider } from '../app/mock-context.tsx'
import { Tabs } from '../components/tabs.tsx'
import { MockControls } from '../features/mock-controls/mock-controls.tsx'
import { NetworkLog } from '../features/network-log/network-log.tsx'
import { DriftView } from '../features/real-service/drift-view.tsx'
import { Scenarios } from '../features/scenarios/scenarios.tsx'
import { ExchangeDetails } from './exchange-details.tsx'
import { isProductionBuild } from './is-production.ts'
import { PANEL_CSS } from './panel-css.ts'

/** Where the floating button sits; the panel opens beside it. */
export type PanelPosition = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left'

export interface ArtefactMockPanelProps {
  /**
   * The worker whose requests the log shows: `worker` from 'artefact-preview-mock/browser'. Its
   * `use` puts the Drift tab's handler first, which sends chosen operations to a real service.
   */
  worker: Pick<SetupWorker, 'events'> & Partial<Pick<SetupWorker, 'use' | 'listHandlers'>>
  /** The control the panel steers: `browserControl` from 'artefact-preview-mock/browser'. */
  control: MockControl
  /** Corner of the floating button. Default 'bottom-right'. */
  position?: PanelPosition
  /** Open the panel on mount. Default false. */
  initialIsOpen?: boolean
  /** Render in a production build too (`import.meta.env.PROD`). Default false: renders nothing there. */
  enabledInProduction?: boolean
  /** A CSP nonce for the panel's <style> element, when the host's policy forbids inline styles. */
  styleNonce?: string
}

type PanelTab = 'log' | 'controls' | 'scenarios' | 'drift'
const TABS = [
  { id: 'log', label: 'Network log' },
  { id: 'controls', label: 'Mock controls' },
  { id: 'scenarios', label: 'Scenarios' },
  { id: 'drift', label: 'Drift' },
] as const satisfies ReadonlyArray<{ id: PanelTab; label: string }>

/**
 * The mock's devtools inside a host app, like TanStack Query's: a small floating
 * button that opens the network log (this app's requests the mock answered), the
 * mock controls (maintenance, quota, rate limit, latency, forced status, reset) and the
 * scenarios (named states of the whole mock: one click to switch, a link to share) and
 * Drift (chosen operations sent to a real service, its answers checked against the spec).
 * It brings its own styles and renders nothing in a production build unless
 * `enabledInProduction` is set. Mount it after `await startMockWorker()`; the log
 * lists requests from the panel's first render on.
 *
 * @example
 * import { browserControl, startMockWorker, worker } from 'artefact-preview-mock/browser'
 * import { ArtefactMockPanel } from 'artefact-preview-mock/panel'
 *
 * if (import.meta.env.DEV) await startMockWorker()
 * createRoot(root).render(
 *   <>
 *     <App />
 *     {import.meta.env.DEV && <ArtefactMockPanel worker={worker} control={browserControl} position="bottom-left" />}
 *   </>,
 * )
 */
export function ArtefactMockPanel({ enabledInProduction = false, ...props }: ArtefactMockPanelProps) {
  if (isProductionBuild() && !enabledInProduction) return null
  return <PanelShell {...props} />
}

function PanelShell({
  worker,
  control,
  position = 'bottom-right',
  initialIsOpen = false,
  styleNonce,
}: Omit<ArtefactMockPanelProps, 'enabledInProduction'>) {
  const [open, setOpen] = useState(initialIsOpen)
  const [tab, setTab] = useState<PanelTab>('log')
  const [selected, setSelected] = useState<Exchange | null>(null)
  const panelId = useId()
  const toggle = useRef<HTMLButtonElement>(null)

  const close = () => {
    setOpen(false)
    toggle.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
    }
  }

  return (
    <MockProvider worker={worker} control={control}>
      <div className={`apm-root apm-root--${position}`}>
        <style nonce={styleNonce}>{PANEL_CSS}</style>
        <button
          ref={toggle}
          type="button"
          className="apm-toggle"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((was) => !was)}
        >
          <span className="apm-toggle__dot" aria-hidden="true" />
          Artefact mock
        </button>
        {open && (
          <section id={panelId} className="apm-panel" aria-label="Artefact mock panel" onKeyDown={onKeyDown}>
            <header className="apm-panel__bar">
              <p className="apm-panel__title">Artefact mock</p>
              <button type="button" className="button apm-panel__close" onClick={close}>
                Close
              </button>
            </header>
            <Tabs label="Artefact mock tools" tabs={TABS} selected={tab} onSelect={setTab}>
              {tab === 'log' && (
                <>
                  <NetworkLog onOpen={setSelected} openLabel="show details" />
                  {selected && <ExchangeDetails exchange={selected} onClose={() => setSelected(null)} />}
                </>
              )}
              {tab === 'controls' && <MockControls />}
              {tab === 'scenarios' && <Scenarios />}
              {tab === 'drift' && <DriftView />}
            </Tabs>
          </section>
        )}
      </div>
    </MockProvider>
  )
}
