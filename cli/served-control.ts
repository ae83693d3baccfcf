/**
 * One control as the HTTP mode serves it: its store under the caps (store-limits.ts), and so is
 * every state `X-Mock-Scenario` answers from (contract §12), whose creates count against the
 * server's bytes like any other; with the dispatch that answers its requests.
 */
import type { MockControl } from '../mocks/index.ts'
// Not in the barrel: the handlers' own dispatch (docs/decisions/040-http-create-path.md).
import { contextFor, dispatcherFor } from '../mocks/internal.ts'
import { limitStore, overriding, type StorePool, type StoreUsage } from './store-limits.ts'

export interface ServeOptions {
  limits: { maxRecords: number; maxStoredBytes: number }
  pool: StorePool
  baseUrl?: string | undefined
}

export interface ServedControl {
  control: MockControl
  /** Answers a request on the mock's paths from this control's state; null outside them. */
  dispatch: ReturnType<typeof dispatcherFor>
  /** What this control's store holds against its caps. */
  usage(): StoreUsage
  /** Stops counting it (the server closed, or its scope was dropped). */
  dispose(): void
}

/**
 * `control` with its store capped and, through `forScenario`, the states of `X-Mock-Scenario`
 * capped too. A state the control lets go of (on a reset or a switch) leaves the pool with it.
 */
function capped(control: MockControl, options: ServeOptions) {
  const limited = limitStore(control.store, options.limits, options.pool)
  const states = new WeakMap<MockControl, MockControl>()
  const view: MockControl = overriding(control, {
    store: limited.store,
    forScenario(id: string): MockControl {
      const state = control.forScenario(id)
      if (state === control) return view
      let served = states.get(state)
      if (!served) states.set(state, (served = capped(state, options).view))
      return served
    },
  })
  return { view, limited }
}

/** Serves `control`: the dispatch of its requests, under the caps. */
export function serveControl(control: MockControl, options: ServeOptions): ServedControl {
  const { view, limited } = capped(control, options)
  // textOnly: `sendAnswer` writes a success's JSON text, so no fetch body stream is built for it.
  const dispatch = dispatcherFor({ ...contextFor(view, options.baseUrl), textOnly: true })
  return { control, dispatch, usage: limited.usage, dispose: limited.dispose }
}
