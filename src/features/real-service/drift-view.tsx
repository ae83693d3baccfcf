import { useId } from 'react'
import { DriftFindings } from './drift-findings.tsx'
import { RealAnswers } from './real-answers.tsx'
import { RealServiceForm } from './real-service-form.tsx'
import type { RealServiceState } from './real-service.ts'
import { useRealService } from './use-real-service.ts'

const stamp = (at: Date) => at.toISOString().slice(0, 19).replaceAll(':', '-')

/** The report as `GET /__mock/drift` gives it in the HTTP mode: where, how many checked, the findings. */
export function driftExport(state: RealServiceState): string {
  const { findings, ignored } = state.report
  return JSON.stringify({ upstream: state.config.baseUrl, checked: state.checked, findings, ignored }, null, 2)
}

function download(text: string) {
  const href = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = Object.assign(document.createElement('a'), {
    href,
    download: `artefact-drift-${stamp(new Date())}.json`,
  })
  link.click()
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}

/**
 * The Drift view (contract §13): which operations go to the real service, the findings about
 * its answers grouped by operation, kind and pointer, and the real answers, each savable as a
 * scenario override once clean. Styles: drift.css, which the host (explorer or panel) loads.
 */
export function DriftView() {
  const { real, state } = useRealService()
  const headingId = useId()
  const empty = state.checked === 0 && state.answers.length === 0
  return (
    <section className="drift" aria-labelledby={headingId}>
      <header className="devpanel__bar drift__bar">
        <h2 id={headingId} className="devpanel__title">
          Drift
        </h2>
        <span className="drift__bar-actions">
          <button type="button" className="button" disabled={empty} onClick={() => download(driftExport(state))}>
            Export JSON
          </button>
          <button type="button" className="button button--ghost" disabled={empty} onClick={() => real.clear()}>
            Clear
          </button>
        </span>
      </header>
      <RealServiceForm />
      <DriftFindings report={state.report} checked={state.checked} />
      <RealAnswers answers={state.answers} />
    </section>
  )
}
