import { OperationNav } from '../features/operations/operation-nav.tsx'
import { TopBarBrand } from './top-bar-brand.tsx'

/**
 * What the built index.html shows before any script runs (decision 042): the top bar's name and
 * the operations, where App puts them, from the same components. App's render replaces it.
 * Its buttons are disabled: a click before React takes over would do nothing.
 */
export function FirstScreen() {
  return (
    <div className="shell">
      <header className="top-bar">
        <TopBarBrand />
      </header>
      <div className="layout">
        <aside className="layout__left" aria-label="Operations and data">
          <OperationNav current={null} />
        </aside>
        <main className="layout__centre">
          <noscript>
            <p className="callout callout--bad">
              Artefact Preview Mock needs JavaScript: the mock API runs in a Service Worker.
            </p>
          </noscript>
        </main>
        <section className="layout__right" aria-label="Tools" />
      </div>
    </div>
  )
}
