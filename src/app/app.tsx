import { DataBrowser } from '../features/data-browser/data-browser.tsx'
import { OperationList } from '../features/operations/operation-list.tsx'
import { RequestBuilder } from '../features/request-builder/request-builder.tsx'
import { ResponseViewer } from '../features/response-viewer/response-viewer.tsx'
import { PanelBoundary } from './panel-boundary.tsx'
import { SideTabs } from './side-tabs.tsx'
import { StartRefused } from './start-refused.tsx'
import { TopBar } from './top-bar.tsx'
import { useWorkerReady } from './worker-ready.ts'
import { WorkerSlowNotice } from './worker-slow-notice.tsx'

/** The explorer: operations and data on the left, builder over viewer in the centre, tools on the right. */
export function App() {
  // The worker's start also loads the stored records: until then the store holds the data set alone.
  const storeLoaded = useWorkerReady() === 'ready'
  return (
    <div className="shell">
      <a className="skip-link" href="#request-builder">
        Skip to the request builder
      </a>
      <TopBar />
      <StartRefused />
      <WorkerSlowNotice />
      <div className="layout">
        <aside className="layout__left" aria-label="Operations and data">
          <PanelBoundary name="Operations">
            <OperationList />
          </PanelBoundary>
          <PanelBoundary name="Data browser">{storeLoaded ? <DataBrowser /> : <DataLoading />}</PanelBoundary>
        </aside>
        <main className="layout__centre" id="request-builder" tabIndex={-1}>
          <PanelBoundary name="Request builder">
            <RequestBuilder />
          </PanelBoundary>
          <PanelBoundary name="Response viewer">
            <ResponseViewer />
          </PanelBoundary>
        </main>
        <section className="layout__right" aria-label="Tools">
          <SideTabs />
        </section>
      </div>
    </div>
  )
}

/** The data browser's place while the stored records load, so the column does not jump when they come. */
function DataLoading() {
  return (
    <section className="databrowser" aria-label="Data browser" aria-busy="true">
      <header className="devpanel__bar">
        <h2 className="devpanel__title">Data browser</h2>
      </header>
      <p className="databrowser__muted worker-loading">Loading the stored data…</p>
    </section>
  )
}
