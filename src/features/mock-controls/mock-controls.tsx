import { useId } from 'react'
import { ForceStatusSection } from './force-status-section.tsx'
import { LatencySection } from './latency-section.tsx'
import { LimitsSection } from './limits-section.tsx'
import { MaintenanceSection } from './maintenance-section.tsx'
import { ResetSection } from './reset-section.tsx'

/**
 * Steers the mock of the nearest MockProvider; every change applies at once.
 * (The explorer also keeps the settings across reloads: see persisted-settings.ts.)
 * Styles: mock-controls.css, which the host (explorer or panel) loads.
 */
export function MockControls() {
  const headingId = useId()
  return (
    <section className="mockctl" aria-labelledby={headingId}>
      <h2 id={headingId} className="devpanel__title">
        Mock controls
      </h2>
      <MaintenanceSection />
      <LimitsSection />
      <LatencySection />
      <ForceStatusSection />
      <ResetSection />
    </section>
  )
}
