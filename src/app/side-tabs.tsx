import { useState } from 'react'
import { Tabs } from '../components/tabs.tsx'
import { History } from '../features/history/history.tsx'
import { MockControls } from '../features/mock-controls/mock-controls.tsx'
import { NetworkLog } from '../features/network-log/network-log.tsx'
import '../features/mock-controls/mock-controls.css'
import '../features/network-log/network-log.css'
import { readTab, type TabId, writeParam } from './deep-link.ts'
import { showExchange } from './explorer-bus.ts'
import { PanelBoundary } from './panel-boundary.tsx'

const TAB_SPECS = [
  { id: 'log', label: 'Network log' },
  { id: 'history', label: 'History' },
  { id: 'controls', label: 'Mock controls' },
] as const satisfies ReadonlyArray<{ id: TabId; label: string }>

/** Network log | History | Mock controls; the open tab lives in ?tab=. */
export function SideTabs() {
  const [tab, setTab] = useState<TabId>(readTab)
  function select(next: TabId) {
    setTab(next)
    writeParam('tab', next)
  }
  const label = TAB_SPECS.find((spec) => spec.id === tab)?.label ?? ''
  return (
    <Tabs label="Tools" tabs={TAB_SPECS} selected={tab} onSelect={select} className="side-tabs">
      <PanelBoundary name={label} key={tab}>
        {tab === 'log' && <NetworkLog onOpen={showExchange} openLabel="open in the response viewer" />}
        {tab === 'history' && <History />}
        {tab === 'controls' && <MockControls />}
      </PanelBoundary>
    </Tabs>
  )
}
