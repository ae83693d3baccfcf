import { useState } from 'react'
import { Tabs } from '../components/tabs.tsx'
import { History } from '../features/history/history.tsx'
import { MockControls } from '../features/mock-controls/mock-controls.tsx'
import { NetworkLog } from '../features/network-log/network-log.tsx'
import { DriftView } from '../features/real-service/drift-view.tsx'
import { Scenarios } from '../features/scenarios/scenarios.tsx'
import '../features/mock-controls/mock-controls.css'
import '../features/network-log/network-log.css'
import '../features/real-service/drift.css'
import '../features/scenarios/scenarios.css'
import '../features/snippets/copy-as.css'
import { readTab, type TabId, writeParam } from './deep-link.ts'
import { showExchange } from './explorer-bus.ts'
import { PanelBoundary } from './panel-boundary.tsx'

const TAB_SPECS = [
  { id: 'log', label: 'Network log' },
  { id: 'history', label: 'History' },
  { id: 'controls', label: 'Mock controls' },
  { id: 'scenarios', label: 'Scenarios' },
  { id: 'drift', label: 'Drift' },
] as const satisfies ReadonlyArray<{ id: TabId; label: string }>

const FOLD_KEY = 'artefact-explorer:tools-folded'

function readFolded(): boolean {
  try {
    // Folded unless unfolded once: at a 1024 px laptop the response needs the height more.
    return localStorage.getItem(FOLD_KEY) !== '0'
  } catch {
    return false
  }
}

/** Network log | History | Mock controls | Scenarios | Drift; the open tab lives in ?tab=. Below 1200 px they fold into a drawer. */
export function SideTabs() {
  const [tab, setTab] = useState<TabId>(readTab)
  const [folded, setFolded] = useState(readFolded)
  function select(next: TabId) {
    setTab(next)
    writeParam('tab', next)
    fold(false)
  }
  function fold(next: boolean) {
    setFolded(next)
    try {
      localStorage.setItem(FOLD_KEY, next ? '1' : '0')
    } catch {
      // Storage blocked: the choice holds for this page.
    }
  }
  const label = TAB_SPECS.find((spec) => spec.id === tab)?.label ?? ''
  return (
    <Tabs
      label="Tools"
      tabs={TAB_SPECS}
      selected={tab}
      onSelect={select}
      className={`side-tabs ${folded ? 'side-tabs--folded' : ''}`}
      end={
        <button
          type="button"
          className="button button--ghost side-tabs__fold"
          aria-expanded={!folded}
          onClick={() => fold(!folded)}
        >
          <span aria-hidden="true">{folded ? '▴' : '▾'}</span> {folded ? 'Show tools' : 'Hide tools'}
        </button>
      }
    >
      <PanelBoundary name={label} key={tab}>
        {tab === 'log' && <NetworkLog onOpen={showExchange} openLabel="open in the response viewer" />}
        {tab === 'history' && <History />}
        {tab === 'controls' && <MockControls />}
        {tab === 'scenarios' && <Scenarios />}
        {tab === 'drift' && <DriftView />}
      </PanelBoundary>
    </Tabs>
  )
}
