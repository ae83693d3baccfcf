import { MockStateChips } from './mock-state-chips.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { TopBarBrand } from './top-bar-brand.tsx'
import { WorkerStatus } from './worker-status.tsx'

export function TopBar() {
  return (
    <header className="top-bar">
      <TopBarBrand />
      <div className="top-bar__end">
        <MockStateChips />
        <a
          className="button button--ghost"
          href="/openapi.json"
          download="artefact-preview-openapi.json"
          aria-label="Download OpenAPI document"
          title="Download OpenAPI document"
        >
          OpenAPI
        </a>
        <WorkerStatus />
        <ThemeToggle />
      </div>
    </header>
  )
}
