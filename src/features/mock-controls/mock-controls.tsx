import { useEffect, useId } from 'react'
import { ForceStatusSection } from './force-status-section.tsx'
import { LatencySection } from './latency-section.tsx'
import { LimitsSection } from './limits-section.tsx'
import { MaintenanceSection } from './maintenance-section.tsx'
import { restoreControlSettings } from './persisted-settings.ts'
import { ResetSection } from './reset-section.tsx'
import './mock-controls.css'

/** Steers the browser mock; every change applies at once and is kept across reloads. */
export function MockControls() {
  const headingId = useId()
  // Normally done at start-up already; a second call does nothing.
  useEffect(restoreControlSettings, [])
  return (
    <section className="mockctl" aria-labelledby={headingId}>
      <h2 id={headingId} className="mockctl__title">Mock controls</h2>
      <MaintenanceSection />
      <LimitsSection />
      <LatencySection />
      <ForceStatusSection />
      <ResetSection />
    </section>
  )
}
