/**
 * Scopes (contract §12): a request with `X-Mock-Scope: <name>` is answered from that scope's own
 * state (store, counters, settings, scenario, clock), made on first use from the server's
 * starting scenario, so parallel test workers sharing one server never see each other's data.
 * Without the header, the shared scope (the server's control, and its data file) answers. Scopes
 * live in memory, at most `maxScopes` of them: a new one drops the one idle longest, never one
 * used within `scopeIdleMs` or answering a request; when every one is in use it is refused 503.
 */
import type { MockControl } from '../mocks/index.ts'
import { type Answer, problem } from './answer.ts'
import { type ServedControl, serveControl } from './served-control.ts'
import { createStorePool } from './store-limits.ts'

/** A scope's name: a short token, so it can sit in a header, a log line and a URL as it is. */
const NAME = /^[A-Za-z0-9._-]{1,64}$/

export interface Scope {
  /** Null for the shared scope. */
  name: string | null
  served: ServedControl
  /** When a request last started or ended in it (epoch ms). */
  lastUsed: number
  /** Requests it is answering now. */
  inFlight: number
}

export interface ScopesOptions {
  /** The shared scope's control; every scope starts as it was created, in `scenario`. */
  control: MockControl
  limits: { maxRecords: number; maxStoredBytes: number; maxScopes: number; scopeIdleMs: number }
  baseUrl?: string | undefined
}

// Idleness is wall time, not a scope's clock (which a test advances).
const now = Date.now

/** The scopes of one server. */
export function createScopes({ control, limits, baseUrl }: ScopesOptions) {
  const pool = createStorePool(limits.maxStoredBytes)
  const serve = (served: MockControl) => serveControl(served, { limits, pool, baseUrl })
  // The scenario the server started in: new scopes start there, whatever the shared scope uses now.
  const starting = control.scenario.id
  const shared: Scope = { name: null, served: serve(control), lastUsed: now(), inFlight: 0 }
  const named = new Map<string, Scope>()

  /** Drops the scope idle longest, if one has been idle for `scopeIdleMs`; otherwise the seconds until one may be. */
  function makeRoom(): number | null {
    const at = now()
    let oldest: Scope | null = null
    for (const scope of named.values())
      if (scope.inFlight === 0 && (!oldest || scope.lastUsed < oldest.lastUsed)) oldest = scope
    if (oldest && at - oldest.lastUsed >= limits.scopeIdleMs) {
      drop(oldest.name as string)
      return null
    }
    return Math.max(1, Math.ceil(((oldest?.lastUsed ?? at) + limits.scopeIdleMs - at) / 1000))
  }

  function drop(name: string): boolean {
    const scope = named.get(name)
    if (!scope) return false
    named.delete(name)
    scope.served.dispose()
    return true
  }

  return {
    /**
     * The scope an `X-Mock-Scope` value names (made on first use), the shared one when it is
     * absent, or the answer that refuses it: 400 for a name that is no short token, 503 when
     * every scope is in use.
     */
    scopeOf(header: string | undefined): Scope | Answer {
      if (header === undefined) return shared
      const misnamed = refuseName(header)
      if (misnamed) return misnamed
      const found = named.get(header)
      if (found) return found
      if (named.size >= limits.maxScopes) {
        const wait = makeRoom()
        if (wait !== null)
          return problem(
            503,
            `scopes: all ${limits.maxScopes} scopes were used within the last ${limits.scopeIdleMs / 1000} s, so X-Mock-Scope: ${header} cannot be made; drop one (DELETE /__mock/scope) or raise --max-scopes`,
            { headers: { 'Retry-After': String(wait) } },
          )
      }
      const scope: Scope = { name: header, served: serve(control.fork(starting)), lastUsed: now(), inFlight: 0 }
      named.set(header, scope)
      return scope
    },
    /** Runs `work` as a request of `scope`: it is in use until `work` settles. */
    async use<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
      scope.inFlight += 1
      scope.lastUsed = now()
      try {
        return await work()
      } finally {
        scope.inFlight -= 1
        scope.lastUsed = now()
      }
    },
    /** Drops the scope `name`; false when there is none. */
    drop,
    /** The scopes as `GET /__mock/state` lists them, and the bytes every store holds together. */
    list() {
      return {
        max: limits.maxScopes,
        storedBytes: pool.total(),
        named: [...named.values()].map((scope) => ({
          name: scope.name,
          scenario: scope.served.control.scenario.id,
          lastUsedAt: new Date(scope.lastUsed).toISOString(),
          inFlight: scope.inFlight,
          records: scope.served.usage().records,
        })),
      }
    },
    dispose() {
      for (const name of [...named.keys()]) drop(name)
      shared.served.dispose()
    },
  }
}

export type Scopes = ReturnType<typeof createScopes>

/** The 400 for an `X-Mock-Scope` value that is no scope name; null for a good one. */
export function refuseName(header: string): Answer | null {
  return NAME.test(header)
    ? null
    : problem(
        400,
        `X-Mock-Scope: ${JSON.stringify(header.slice(0, 80))} is not a scope name; use 1 to 64 letters, digits, ".", "_" or "-"`,
      )
}

/** True for an answer of `scopeOf` that refuses the scope. */
export const isRefusal = (scope: Scope | Answer): scope is Answer => 'status' in scope
