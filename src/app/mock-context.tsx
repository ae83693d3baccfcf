/**
 * The mock a panel steers and watches: its worker, control, store and network log.
 * The explorer provides the browser singletons; the embeddable panel provides the
 * ones a host app passes it. Features read them with `useMock()`, never by import.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { MockControl, Store } from '#mocks/internal.ts'
import { type LoggedWorker, networkLogFor } from '../features/network-log/log-store.ts'
import type { NetworkLog } from '../features/network-log/network-log-model.ts'
import { type RoutingWorker, realServiceFor } from '../features/real-service/real-service-for.ts'
import type { RealService } from '../features/real-service/real-service.ts'

export interface MockContextValue {
  worker: LoggedWorker
  control: MockControl
  /** The control's store. */
  store: Store
  /** The worker's network log (one per worker). */
  log: NetworkLog
  /** The operations sent to the real service, and its answers and findings (one per worker). */
  real: RealService & { installed: boolean }
}

const MockContext = createContext<MockContextValue | null>(null)

interface MockProviderProps {
  worker: LoggedWorker & RoutingWorker
  control: MockControl
  children: ReactNode
}

/** Gives the features below this worker and control; the worker's network log starts listening here. */
export function MockProvider({ worker, control, children }: MockProviderProps) {
  // Subscribing during render (idempotent per worker) catches requests sent by children's first effects.
  const value = useMemo(() => {
    const log = networkLogFor(worker, control)
    return { worker, control, store: control.store, log, real: realServiceFor(worker, control, log) }
  }, [worker, control])
  // <Context.Provider> and useContext, not <Context value> and use(): the panel runs on React 18 too.
  return <MockContext.Provider value={value}>{children}</MockContext.Provider>
}

/** The mock of the nearest MockProvider. */
export function useMock(): MockContextValue {
  const value = useContext(MockContext)
  if (!value) throw new Error('[artefact-mock] useMock() needs a <MockProvider> above it')
  return value
}
