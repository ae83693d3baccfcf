import { useSyncExternalStore } from 'react'
import { useMock } from '../../app/mock-context.tsx'
import type { RealService, RealServiceState } from './real-service.ts'

/** The nearest MockProvider's real-service routing, and its state (choice, answers, findings). */
export function useRealService(): { real: RealService & { installed: boolean }; state: RealServiceState } {
  const { real } = useMock()
  return { real, state: useSyncExternalStore(real.subscribe, real.getSnapshot) }
}
