import { type ErrorStatus, isErrorStatus } from '../schemas/status-table.ts'
import { readSideOfDataSet } from '../data/read-side.ts'
import { createStoreOf } from '../store/core.ts'
import { checkSettings, DEFAULT_SETTINGS, type MockSettings } from './settings.ts'
import type { DataSet, Store } from '../store/types.ts'
import {
  type Scenario,
  type ScenarioCall,
  type ScenarioError,
  scenarioAnswer,
  scenarioOf,
  scenarioRegistry,
} from './scenarios.ts'

export { DEFAULT_SETTINGS, SettingsError, type SettingsIssue } from './settings.ts'
export type { LatencySetting, MockSettings } from './settings.ts'

/** What the control shows: the settings and the live counters. */
export interface ControlSnapshot {
  settings: MockSettings
  /** Calls counted against the quota since the last reset. */
  quotaUsed: number
  /** Calls in the current rate-limit window, and when that window ends (epoch ms). */
  rateWindow: { calls: number; endsAt: number } | null
  /** The status the next request will be forced to, if any. */
  forcedNext: ErrorStatus | null
  /** The id of the scenario in use (contract §12); `default` where none was chosen. */
  scenario: string
}

/** A scenario as a list shows it. */
export interface ScenarioSummary {
  id: string
  title: string
  description: string
}

/** The outcome of counting one call: which limit it broke, if any. */
export type CallVerdict = { ok: true } | { ok: false; status: 403 } | { ok: false; status: 429; retryAfter: number }

/** A memory store of its own that starts from `base`. */
const memoryStoreOf = (base: DataSet) =>
  createStoreOf({ seedCategories: base.categories }, () => structuredClone([...base.artefacts]))

export interface MockControlOptions extends Partial<MockSettings> {
  /** The store that `reset()` restores; default: a fresh memory store. */
  store?: Store
  /** The clock, in epoch ms; tests pass a fake one. `control.clock.advance(ms)` moves it on. */
  now?: () => number
  /** Scenarios of your own, beside the built-in ones (`defineScenario`). */
  scenarios?: readonly Scenario[]
  /** The scenario to start in; an unknown id throws `UnknownScenario`. Default: `default`. */
  scenario?: string
}

/** Steers one mock (see `createControl`). */
export interface MockControl {
  readonly store: Store
  /** The control's clock, in epoch ms. */
  now(): number
  /** The control's clock: `advance(ms)` ends a rate-limit window without waiting; `reset()` undoes its advances. */
  readonly clock: { now(): number; advance(ms: number): void }
  /** The scenario in use (contract §12). */
  readonly scenario: Scenario
  /** Every scenario this control knows, built-in ones first. */
  readonly scenarios: ScenarioSummary[]
  /**
   * Adds a scenario while the mock runs (the explorer's scenarios saved from a real answer):
   * listed, usable and forked from now on. Throws a TypeError for an id already known.
   */
  addScenario(scenario: Scenario): void
  /**
   * Removes a scenario added with `addScenario` or given at creation; a built-in one throws.
   * The scenario in use is left for `default` first (its state replaces the current one).
   */
  removeScenario(id: string): Promise<void>
  /**
   * Replaces the whole state with a scenario's: its data set (what was created is gone), its
   * settings on top of the ones the control was created with, counters cleared. `reset()`
   * returns to it. Rejects with `UnknownScenario` (listing the known ids), changing nothing.
   */
  useScenario(id: string): Promise<void>
  /**
   * Takes the scenario another tab of the origin switched to: its settings, counters cleared, its
   * data set the store's seed. The store's records are left to the reset that tab made, which
   * reaches this store over the tab sync. Throws `UnknownScenario`, changing nothing.
   * Called by the browser entry only, so not in the package's types.
   * @internal
   */
  adoptScenario(id: string): void
  /** The control that answers a request sent with `X-Mock-Scenario: id`: that scenario's own state. Throws `UnknownScenario`. */
  forScenario(id: string): MockControl
  /**
   * A new control made as this one was (its settings, scenarios and clock), in scenario `id`, over
   * a memory store of its own; its clock advances on its own. One scope of the HTTP mode
   * (`X-Mock-Scope`, contract §12). Throws `UnknownScenario`.
   */
  fork(id: string): MockControl
  /** What the scenario in use answers this call of `operation`; counts the call. */
  scenarioAnswer(operation: string, request: () => Request): 'mock' | ScenarioError | Response
  readonly settings: MockSettings
  /** Changes some settings; throws a `SettingsError` listing its `issues` (and changes nothing) when one is wrong. */
  set(patch: Partial<MockSettings>): void
  /** Forces the next request that reaches the mock to answer `status`; null clears it. */
  forceNext(status: number | null): void
  /** Takes the forced status for this request, if one is set. */
  takeForced(): ErrorStatus | null
  /** Counts one call against the quota and the rate limit (behaviour §2 step 5 and 6). */
  countCall(): CallVerdict
  /** Seconds a forced 429 announces: the rest of the window, or 1 when no limit is set. */
  retryAfterForRateLimit(): number
  /** Clears the quota and rate-limit counters. */
  resetCounters(): void
  /**
   * Back to the scenario in use (or how the control was created, where none was chosen): its
   * data set, counters cleared, no forced status, its settings, the clock's advances undone. A
   * test suite that awaits it after each test gets the same mock in every test. Rejects with
   * `StorageFailed`, changing nothing, when the store cannot clear what it persisted.
   */
  reset(): Promise<void>
  /** The narrower reset the explorer names "Reset data set": data set restored, counters and forced status cleared, settings and clock kept. */
  resetData(): Promise<void>
  subscribe(listener: () => void): () => void
  getSnapshot(): ControlSnapshot
}

/**
 * Steers a running mock: maintenance, quota, rate limit, latency, a forced
 * status for the next request, and reset. The explorer and tests use it.
 *
 * @example
 * const control = createControl({ quota: 100 })
 * const server = setupServer(...createHandlers({ control }))
 * control.set({ maintenance: true }) // every request is now 503
 * await control.reset()              // back to how it was created: data set, counters, settings
 */
export function createControl(options: MockControlOptions = {}): MockControl {
  // The default store holds the built-in data set, as `createStore()` would, without the code that builds another.
  const {
    store = createStoreOf({}, readSideOfDataSet),
    now: clockNow = Date.now,
    scenarios: own = [],
    scenario: startIn = 'default',
    ...initial
  } = options
  const created = checkSettings({ ...DEFAULT_SETTINGS, ...initial })
  // Scenarios added later (addScenario) join the registry and are handed on to forks.
  const registry = new Map(scenarioRegistry(own))
  let ownNow = [...own]
  let scenario = scenarioOf(registry, startIn)
  const settingsOf = (chosen: Scenario) => checkSettings({ ...created, ...chosen.settings })
  const dataOf = (chosen: Scenario): DataSet | undefined => chosen.data?.(store.baseData())
  let settings = settingsOf(scenario)
  // A fresh store seeds on first use: the scenario's data set is what it seeds with.
  if (scenario.data) store.setBase(dataOf(scenario))
  let quotaUsed = 0
  let window: { start: number; calls: number } | null = null
  let forcedNext: ErrorStatus | null = null
  let calls = new Map<string, number>()
  let totalCalls = 0
  let offset = 0
  const now = () => clockNow() + offset
  let snapshot: ControlSnapshot | null = null
  const listeners = new Set<() => void>()
  // X-Mock-Scenario answers from a scenario's own state, kept apart from this one's (contract §12).
  const byHeader = new Map<string, MockControl>()
  const forkOf = (id: string, clock: () => number) =>
    createControl({
      ...created,
      scenarios: ownNow,
      scenario: scenarioOf(registry, id).id,
      now: clock,
      store: memoryStoreOf(store.baseData()),
    })

  const changed = () => {
    snapshot = null
    for (const listener of listeners) listener()
  }
  const windowMs = () => (settings.rateLimit?.windowSeconds ?? 0) * 1000

  const clearCounters = () => {
    quotaUsed = 0
    window = null
    forcedNext = null
    calls = new Map()
    totalCalls = 0
  }
  /** The scenario's settings, counters cleared, no header scenario held: what a switch leaves, with the store already set. */
  const enter = (chosen: Scenario, next: MockSettings) => {
    scenario = chosen
    settings = next
    clearCounters()
    byHeader.clear()
    changed()
  }

  const control: MockControl = {
    store,
    now,
    clock: {
      now,
      advance(ms: number): void {
        if (!Number.isFinite(ms) || ms < 0)
          throw new RangeError(`clock.advance takes a duration of 0 ms or more, not ${ms}`)
        // Children of X-Mock-Scenario read this clock (their `now` is this one's), so they move with it.
        offset += ms
        changed()
      },
    },
    get scenario(): Scenario {
      return scenario
    },
    get scenarios(): ScenarioSummary[] {
      return [...registry.values()].map(({ id, title, description }) => ({ id, title, description }))
    },
    addScenario(added: Scenario): void {
      scenarioRegistry([...ownNow, added])
      registry.set(added.id, added)
      ownNow = [...ownNow, added]
      changed()
    },
    async removeScenario(id: string): Promise<void> {
      const known = scenarioOf(registry, id)
      if (!ownNow.includes(known)) throw new TypeError(`[artefact-mock] the built-in scenario ${id} cannot be removed`)
      // biome-ignore lint/correctness/useHookAtTopLevel: the control's method (contract §12), not a React hook.
      if (scenario === known) await control.useScenario('default')
      registry.delete(id)
      ownNow = ownNow.filter((other) => other !== known)
      byHeader.delete(id)
      changed()
    },
    async useScenario(id: string): Promise<void> {
      const chosen = scenarioOf(registry, id)
      const next = settingsOf(chosen)
      await store.reset(dataOf(chosen) ?? null)
      enter(chosen, next)
    },
    adoptScenario(id: string): void {
      const chosen = scenarioOf(registry, id)
      const next = settingsOf(chosen)
      // Reseeds a store in use; not needed between two scenarios that both seed the created data set.
      if (chosen.data || scenario.data) store.setBase(dataOf(chosen))
      enter(chosen, next)
    },
    forScenario(id: string): MockControl {
      if (id === scenario.id) return control
      let child = byHeader.get(id)
      if (!child) {
        // Its clock is this one's, offset included: advancing this clock moves it too.
        child = forkOf(id, now)
        byHeader.set(id, child)
      }
      return child
    },
    fork(id: string): MockControl {
      return forkOf(id, clockNow)
    },
    scenarioAnswer(operation: string, request: () => Request): 'mock' | ScenarioError | Response {
      const n = (calls.get(operation) ?? 0) + 1
      calls.set(operation, n)
      totalCalls += 1
      const call: ScenarioCall = {
        n,
        total: totalCalls,
        get request() {
          return request()
        },
      }
      return scenarioAnswer(scenario, operation, call)
    },
    get settings(): MockSettings {
      return settings
    },
    set(patch: Partial<MockSettings>): void {
      const next = checkSettings({ ...settings, ...patch })
      // A quota counts from the moment it is set (behaviour §9): `quota: 2` allows two more calls.
      if (patch.quota !== undefined) quotaUsed = 0
      if (!next.rateLimit || patch.rateLimit !== undefined) window = null
      settings = next
      changed()
    },
    forceNext(status: number | null): void {
      if (status !== null && !isErrorStatus(status))
        throw new RangeError(`${status} is not an error status of the spec`)
      forcedNext = status
      changed()
    },
    takeForced(): ErrorStatus | null {
      const status = forcedNext
      if (status !== null) {
        forcedNext = null
        changed()
      }
      return status
    },
    countCall(): CallVerdict {
      quotaUsed += 1
      let verdict: CallVerdict = { ok: true }
      if (settings.rateLimit) {
        const at = now()
        if (!window || at >= window.start + windowMs()) window = { start: at, calls: 0 }
        window.calls += 1
        if (window.calls > settings.rateLimit.calls) {
          verdict = {
            ok: false,
            status: 429,
            retryAfter: Math.max(1, Math.ceil((window.start + windowMs() - at) / 1000)),
          }
        }
      }
      if (settings.quota !== null && quotaUsed > settings.quota) verdict = { ok: false, status: 403 }
      changed()
      return verdict
    },
    retryAfterForRateLimit(): number {
      if (!window || !settings.rateLimit) return 1
      return Math.max(1, Math.ceil((window.start + windowMs() - now()) / 1000))
    },
    resetCounters(): void {
      quotaUsed = 0
      window = null
      changed()
    },
    async reset(): Promise<void> {
      // The store first: a reset it cannot store rejects, and then nothing here changes either.
      await store.reset()
      settings = settingsOf(scenario)
      clearCounters()
      // The clock too: a rate-limit window after a reset behaves as after creation.
      offset = 0
      byHeader.clear()
      changed()
    },
    async resetData(): Promise<void> {
      await store.reset()
      clearCounters()
      changed()
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot(): ControlSnapshot {
      snapshot ??= {
        settings,
        quotaUsed,
        rateWindow: window && settings.rateLimit ? { calls: window.calls, endsAt: window.start + windowMs() } : null,
        forcedNext,
        scenario: scenario.id,
      }
      return snapshot
    },
  }
  return control
}
