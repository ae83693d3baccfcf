import { PREFIX } from '#mocks/internal.ts'
import { SUITES } from '../features/operations/catalogue.ts'

/** The top bar's name and suites: static, so the build renders it into the first screen too (decision 042). */
export function TopBarBrand() {
  return (
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
  )
}
