import { type ErrorStatus, isErrorStatus } from '../schemas/status-table.ts'
import { readSideOfDataSet } from '../data/read-side.ts'
import { createStoreOf } from '../store/core.ts'
import { checkSettings, DEFAULT_SETTINGS, type MockSettings } from './settings.ts'
import type { Store } from '../store/types.ts'

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
}

/** The outcome of counting one call: which limit it broke, if any. */
export type CallVerdict = { ok: true } | { ok: false; status: 403 } | { ok: false; status: 429; retryAfter: number }

export interface MockControlOptions extends Partial<MockSettings> {
  /** The store that `reset()` restores; default: a fresh memory store. */
  store?: Store
  /** The clock, in epoch ms; tests pass a fake one. */
  now?: () => number
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
export function createControl(options: MockControlOptions = {}) {
  // The default store holds the built-in data set, as `createStore()` would, without the code that builds another.
  const { store = createStoreOf({}, readSideOfDataSet), now = Date.now, ...initial } = options
  const created = checkSettings({ ...DEFAULT_SETTINGS, ...initial })
  let settings = created
  let quotaUsed = 0
  let window: { start: number; calls: number } | null = null
  let forcedNext: ErrorStatus | null = null
  let snapshot: ControlSnapshot | null = null
  const listeners = new Set<() => void>()

  const changed = () => {
    snapshot = null
    for (const listener of listeners) listener()
  }
  const windowMs = () => (settings.rateLimit?.windowSeconds ?? 0) * 1000

  return {
    store,
    now,
    get settings(): MockSettings {
      return settings
    },
    /** Changes some settings; throws a `SettingsError` listing its `issues` (and changes nothing) when one is wrong. */
    set(patch: Partial<MockSettings>): void {
      const next = checkSettings({ ...settings, ...patch })
      // A quota counts from the moment it is set (behaviour §9): `quota: 2` allows two more calls.
      if (patch.quota !== undefined) quotaUsed = 0
      if (!next.rateLimit || patch.rateLimit !== undefined) window = null
      settings = next
      changed()
    },
    /** Forces the next request that reaches the mock to answer `status`; null clears it. */
    forceNext(status: number | null): void {
      if (status !== null && !isErrorStatus(status))
        throw new RangeError(`${status} is not an error status of the spec`)
      forcedNext = status
      changed()
    },
    /** Takes the forced status for this request, if one is set. */
    takeForced(): ErrorStatus | null {
      const status = forcedNext
      if (status !== null) {
        forcedNext = null
        changed()
      }
      return status
    },
    /** Counts one call against the quota and the rate limit (behaviour §2 step 5 and 6). */
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
    /** Seconds a forced 429 announces: the rest of the window, or 1 when no limit is set. */
    retryAfterForRateLimit(): number {
      if (!window || !settings.rateLimit) return 1
      return Math.max(1, Math.ceil((window.start + windowMs() - now()) / 1000))
    },
    /** Clears the quota and rate-limit counters. */
    resetCounters(): void {
      quotaUsed = 0
      window = null
      changed()
    },
    /**
     * Back to exactly how this control was created: the store's data set, counters
     * cleared, no forced status, and the settings it was created with. A test suite
     * that awaits it after each test gets the same mock in every test. Rejects with
     * `StorageFailed`, changing nothing, when the store cannot clear what it persisted.
     */
    async reset(): Promise<void> {
      // The store first: a reset it cannot store rejects, and then nothing here changes either.
      await store.reset()
      settings = created
      quotaUsed = 0
      window = null
      forcedNext = null
      changed()
    },
    /** The narrower reset the explorer names "Reset data set": data set restored, counters and forced status cleared, settings kept. */
    async resetData(): Promise<void> {
      await store.reset()
      quotaUsed = 0
      window = null
      forcedNext = null
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
      }
      return snapshot
    },
  }
}

export type MockControl = ReturnType<typeof createControl>
