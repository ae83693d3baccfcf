import { setupWorker, type StartOptions } from 'msw/browser'
import {
  type ControlSnapshot,
  createControl,
  type MockControl,
  type MockSettings,
  type ScenarioSummary,
} from './control/control.ts'
import { CHOICE_KEY, type ChoiceStorage, chooseScenario, readChoice, writeChoice } from './control/scenario-choice.ts'
import { readScenarioParams, settingsOnTop } from './control/scenario-link.ts'
import { type Scenario, scenarioOf, scenarioRegistry, UnknownScenario } from './control/scenarios.ts'
import { switchableControl } from './control/switchable-control.ts'
import { createHandlers } from './handlers/create-handlers.ts'
import { indexedDbPersistence } from './store/indexeddb-persistence.ts'
import { readSideOfDataSet } from './data/read-side.ts'
import { createStoreOf } from './store/core.ts'

/**
 * The browser store: what users create persists in IndexedDB until reset, shared by the tabs of the origin.
 *
 * @example
 * browserStore.getSnapshot().artefacts.length // data set plus what was created
 */
export const browserStore = createStoreOf({ persistence: indexedDbPersistence(), sync: 'broadcast' }, readSideOfDataSet)

// `startMockWorker()` puts the control of the chosen scenario behind this one.
const switchable = switchableControl(createControl({ store: browserStore }))

/**
 * Steers the service-worker mock (scenario, maintenance, quota, rate limit, latency, reset). Not the
 * package root's `control`, which steers the in-memory `handlers` of Node tests. Choose the
 * scenario to start in with `startMockWorker({ scenario })` (or `?mock-scenario=`), switch later
 * with `useScenario`.
 *
 * @example
 * browserControl.set({ maintenance: true })
 * await browserControl.useScenario('empty')
 */
export const browserControl: MockControl = switchable.control

/**
 * The msw service worker with the mock's handlers. Prefer `startMockWorker()`.
 *
 * @example
 * await worker.start({ onUnhandledFrame: 'bypass' })
 */
export const worker = setupWorker(...createHandlers({ control: browserControl }))

/**
 * What a test sets on `window.__ARTEFACT_MOCK_INIT__` (before the page's scripts run)
 * for `startMockWorker()` to apply before the worker starts.
 */
export interface MockBridgeInit {
  /** The scenario to start in, as `?mock-scenario=` would (the URL's wins); unknown: the start rejects. */
  scenario?: string
  /** Settings applied before the app's first request, on top of the scenario's. */
  settings?: Partial<MockSettings>
  /** A status the first request that reaches the mock answers. */
  forceNext?: number | null
}

/**
 * `window.__ARTEFACT_MOCK__`: steers the browser mock from outside the app
 * (Playwright's `page.evaluate`, the devtools console). Every value is plain data.
 */
export interface MockBridge {
  /** Changes some settings; throws (and changes nothing) when one is out of range. */
  set(patch: Partial<MockSettings>): void
  /** The next request that reaches the mock answers `status`; null disarms. */
  forceNext(status: number | null): void
  /**
   * Back to the scenario in use: its data set, counters and forced status cleared, its settings
   * with those given at start (the URL's `?mock-settings`, the init's) on top again, the clock's
   * advances undone.
   */
  reset(): Promise<void>
  snapshot(): ControlSnapshot
  /** Replaces the whole state with a scenario's (what was created is gone); rejects naming the known ids for an unknown one. */
  useScenario(id: string): Promise<void>
  /** Every scenario the mock knows: id, title, description. */
  scenarios(): ScenarioSummary[]
  /** The mock's clock: `advance(60_000)` ends a rate-limit window without waiting. */
  clock: { advance(ms: number): void; now(): number }
}

declare global {
  interface Window {
    __ARTEFACT_MOCK__?: MockBridge
    __ARTEFACT_MOCK_INIT__?: MockBridgeInit
  }
}

/**
 * Applies `window.__ARTEFACT_MOCK_INIT__` to `target` and puts a bridge to it on
 * `window.__ARTEFACT_MOCK__`. `startMockWorker()` calls it; call it yourself only
 * when you start your own worker.
 *
 * @example
 * installMockBridge(browserControl)
 * window.__ARTEFACT_MOCK__?.forceNext(503)
 */
export function installMockBridge(target: MockControl = browserControl): MockBridge {
  const bridge = makeBridge(target)
  window.__ARTEFACT_MOCK__ = bridge
  return bridge
}

/**
 * Applies `window.__ARTEFACT_MOCK_INIT__` (settings and forced status) to `target` and returns a
 * bridge to it, not yet on `window`; `reset()` applies `atStart` and the init's settings again.
 */
function makeBridge(target: MockControl, atStart: Partial<MockSettings> = {}): MockBridge {
  const init = window.__ARTEFACT_MOCK_INIT__
  const baseline = { ...atStart, ...init?.settings }
  try {
    if (init?.settings) target.set(init.settings)
    if (init?.forceNext != null) target.forceNext(init.forceNext)
  } catch (error) {
    throw new Error(
      `[artefact-mock] window.__ARTEFACT_MOCK_INIT__ was refused: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return {
    set: (patch) => target.set(patch),
    forceNext: (status) => target.forceNext(status),
    async reset() {
      await target.reset()
      if (Object.keys(baseline).length > 0) target.set(baseline)
    },
    snapshot: () => target.getSnapshot(),
    useScenario: (id) => target.useScenario(id),
    scenarios: () => target.scenarios,
    clock: {
      advance: (ms) => target.clock.advance(ms),
      now: () => target.clock.now(),
    },
  }
}

// msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest; each ignores the other's name.
const BYPASS_UNHANDLED = { onUnhandledFrame: 'bypass', onUnhandledRequest: 'bypass' } as const

let started: Promise<void> | null = null

/**
 * msw updates an existing worker registration in the background and leaves that promise
 * unhandled (mswjs/msw#2006): a reload while the update runs rejects it, an uncaught error
 * in the page although the worker in use keeps answering. That one rejection becomes a warning.
 */
let quieted = false
function quietWorkerUpdateFailures(): void {
  if (quieted) return
  quieted = true
  window.addEventListener('unhandledrejection', (event) => {
    const message = event.reason instanceof Error ? event.reason.message : ''
    if (!message.startsWith('Failed to update a ServiceWorker')) return
    event.preventDefault()
    console.warn(`[artefact-mock] ${message} (msw's background update; the worker in use keeps answering)`)
  })
}

/** msw's start options, and the scenarios of contract §12. */
export interface MockWorkerOptions extends StartOptions {
  /** Scenarios of your own (`defineScenario`), beside the built-in ones. */
  scenarios?: readonly Scenario[]
  /**
   * The scenario to start in (default: `default`). The page's `?mock-scenario=<id>` wins over
   * it; an unknown id, from either, rejects the start with `UnknownScenario`.
   */
  scenario?: string
}

/**
 * Applies the scenario and settings the page asks for, loads the stored records and starts the
 * worker, then exposes `window.__ARTEFACT_MOCK__` (see `installMockBridge`): once it is there,
 * the mock answers.
 *
 * The scenario comes from `?mock-scenario=<id>` (with `?mock-settings=<JSON>` on top of it), else
 * `window.__ARTEFACT_MOCK_INIT__.scenario`, else `options.scenario`. The browser remembers the
 * choice, and a switch made later (`browserControl.useScenario`, the Scenarios tab), across
 * reloads: what was created persists under it until the page asks for another scenario; the
 * other open tabs of the origin follow a switch. An unknown id or refused settings reject the
 * start, never a silent fallback; a remembered choice that no longer names a scenario is dropped
 * with a `[artefact-mock]` warning.
 *
 * Await it before the app sends its first request (a request sent earlier reaches
 * the real network). Calling it again returns the first call's promise (React
 * StrictMode runs effects twice); after a failed start, a new call tries again.
 *
 * @example
 * await startMockWorker({ scenarios: [newCustomer], scenario: 'new-customer' })
 * createRoot(root).render(<App />)
 */
export function startMockWorker(options: MockWorkerOptions = {}): Promise<void> {
  started ??= start(options).catch((error: unknown) => {
    started = null
    throw error
  })
  return started
}

function browserStorage(): ChoiceStorage | null {
  try {
    return window.localStorage
  } catch {
    // A sandboxed frame or blocked storage: nothing is remembered.
    return null
  }
}

async function start({ scenarios = [], scenario, ...startOptions }: MockWorkerOptions): Promise<void> {
  // Everything the page asks for is checked before anything changes.
  const link = readScenarioParams(window.location.search)
  const registry = scenarioRegistry(scenarios)
  const asked = link.scenario ?? window.__ARTEFACT_MOCK_INIT__?.scenario ?? scenario ?? null
  if (asked !== null) scenarioOf(registry, asked)
  const storage = browserStorage()
  const choice = chooseScenario(asked, storage && readChoice(storage), registry)

  // Settings or a forced status set in code before the start carry over to the scenario's control.
  const before = switchable.current()
  const carried = settingsOnTop(before.settings, before.scenario)
  const forced = before.getSnapshot().forcedNext
  // A scenario's data set is the store's seed: taken before the stored records load, kept with them.
  switchable.replace(createControl({ store: browserStore, scenarios, scenario: choice.id }))
  if (choice.changed) {
    // Another scenario than the stored records were made under: its state replaces them.
    await browserStore.serving
    // biome-ignore lint/correctness/useHookAtTopLevel: the control's method (contract §12), not a React hook.
    await browserControl.useScenario(choice.id)
  }
  const atStart = { ...carried, ...link.settings }
  if (Object.keys(atStart).length > 0) browserControl.set(atStart)
  if (forced !== null) browserControl.forceNext(forced)
  // The init applies before the worker starts; the bridge appears once the mock answers,
  // so a test that waits for it (the Playwright fixture does) never races the start.
  const bridge = makeBridge(browserControl, atStart)
  quietWorkerUpdateFailures()
  // Every handler awaits store.serving, so loading the stored records and registering the
  // worker can overlap; both are done when this resolves (the artefacts may still be
  // arriving in pages: a GET of one not yet held reads it, decision 043). The worker is
  // asked for first: the store's start builds the data set on this thread meanwhile.
  const registering = worker.start({
    ...BYPASS_UNHANDLED,
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
    ...startOptions,
  })
  await Promise.all([browserStore.serving, registering])
  if (storage) rememberChoice(storage, asked)
  window.__ARTEFACT_MOCK__ = bridge
}

/**
 * Remembers the scenario in use now and after every switch, with what this page asked for, and
 * follows a switch another tab of the origin writes (its `storage` event) with `adoptScenario`.
 */
function rememberChoice(storage: ChoiceStorage, asked: string | null): void {
  let remembered = browserControl.scenario.id
  writeChoice(storage, { id: remembered, asked })
  browserControl.subscribe(() => {
    const id = browserControl.scenario.id
    if (id === remembered) return
    remembered = id
    writeChoice(storage, { id, asked })
  })
  window.addEventListener('storage', (event) => {
    if (event.key !== CHOICE_KEY) return
    const id = readChoice(storage)?.id
    if (id === undefined || id === browserControl.scenario.id) return
    // Set first, so the switch below is not written back as this tab's own.
    remembered = id
    try {
      browserControl.adoptScenario(id)
    } catch (error) {
      if (!(error instanceof UnknownScenario)) throw error
      remembered = browserControl.scenario.id
      console.warn(
        `[artefact-mock] another tab switched to the scenario ${JSON.stringify(id)}, which this page does not know; it keeps ${remembered}`,
      )
    }
  })
}

export { indexedDbPersistence }
export { defineScenario } from './handlers/define-scenario.ts'
export { UnknownScenario, type Scenario } from './control/scenarios.ts'
