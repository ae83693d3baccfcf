import { PREFIX } from '#mocks/handlers/router.ts'
import { SUITES } from '../features/operations/catalogue.ts'
import { MockStateChips } from './mock-state-chips.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { WorkerStatus } from './worker-status.tsx'

export function TopBar() {
  return (
    <header className="top-bar">
      <div className="top-bar__brand">
        <span className="top-bar__logo" aria-hidden="true">
          ◆
        </span>
        <h1 className="top-bar__title">Artefact Preview Explorer</h1>
        <span className="top-bar__suite">
          <span className="top-bar__extra">
            <code>{PREFIX}</code> ·{' '}
          </span>
          suites {SUITES.join(' · ')} · <em>coming soon</em>
          <span className="top-bar__extra"> · static mock data</span>
        </span>
      </div>
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
