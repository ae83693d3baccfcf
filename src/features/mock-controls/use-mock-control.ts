import { useEffect, useState, useSyncExternalStore } from 'react'
import type { ControlSnapshot, MockControl, MockSettings } from '#mocks/internal.ts'
import { useMock } from '../../app/mock-context.tsx'

/** The settings and live counters of the nearest MockProvider's control. */
export function useControlSnapshot(): ControlSnapshot {
  const { control } = useMock()
  return useSyncExternalStore(control.subscribe, control.getSnapshot)
}

/** Applies a settings change to `control`; returns why it was refused (nothing changed) or null. */
export function applySettings(control: Pick<MockControl, 'set'>, patch: Partial<MockSettings>): string | null {
  try {
    control.set(patch)
    return null
  } catch (error) {
    const issues = (error as { issues?: Array<{ message: string }> }).issues
    return issues?.map((issue) => issue.message).join('; ') ?? (error instanceof Error ? error.message : String(error))
  }
}

/** The clock, re-read every `everyMs` while `active`, for live countdowns. */
export function useNow(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [active, everyMs])
  return now
}
