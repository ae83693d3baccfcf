/**
 * Test helpers for the mock's contract tests: a fresh store, control and msw
 * server per test, and assertions on the Error body. Not part of the public API.
 */
import type { RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { expect, onTestFinished, vi } from 'vitest'
import { createControl, type MockControlOptions, type MockSettings } from '../control/control.ts'
import { createHandlers } from '../handlers/create-handlers.ts'
import { createStore, type Store, type StoreHealth } from '../store/store.ts'
import { errorBodyOf, SPEC_MESSAGES, type SpecStatus } from './oracle.ts'

/** An origin no real server uses. */
export const ORIGIN = 'http://artefact.test'
/** The path every resource sits under, written out so the tests do not trust the router's copy. */
export const RESOURCES = '/v3/preview-upcoming/resources'
export const ARTEFACT = `${RESOURCES}/artefact`
export const CATEGORY = `${RESOURCES}/artefactcategory`
/** The resources' absolute base, for tests that build URLs by hand. */
export const BASE = `${ORIGIN}${RESOURCES}`
/** The fake clock's start: 2026-12-01T10:00:00.000Z. */
export const START = Date.parse('2026-12-01T10:00:00.000Z')

/** Ids of the static data set that the tests name. */
export const SEED = {
  published: '0a1e0001-5c0f-4a11-9c00-000000000001',
  draft: '0a1e0001-5c0f-4a11-9c00-000000000009',
  unknown: '0a1e0001-5c0f-4a11-9c00-0000000000ff',
}
/** The path of the data set's first (published) artefact. */
export const PUBLISHED_ARTEFACT = `${ARTEFACT}/${SEED.published}`

export const SPEC_STATUSES = Object.keys(SPEC_MESSAGES).map(Number) as SpecStatus[]

export interface StartOptions extends Partial<MockSettings>, Pick<MockControlOptions, 'scenario' | 'scenarios'> {
  store?: Store
  baseUrl?: string
  /** Handlers registered after the mock's, to see what it lets through. */
  extraHandlers?: RequestHandler[]
  onUnhandledFrame?: 'error' | 'bypass'
}

/**
 * `server.listen()` options for an unhandled request under both msw majors:
 * msw 3 reads `onUnhandledFrame`, msw 2 `onUnhandledRequest`, and each ignores the other's name.
 */
export function unhandled(strategy: 'error' | 'bypass' | 'warn') {
  return { onUnhandledFrame: strategy, onUnhandledRequest: strategy }
}

/**
 * Starts the mock with a fresh store and control on a fake clock; the server
 * closes when the test finishes.
 */
export function startMock(options: StartOptions = {}) {
  const { store = createStore(), baseUrl, extraHandlers = [], onUnhandledFrame = 'error', ...settings } = options
  const clock = { now: START }
  const control = createControl({ store, now: () => clock.now, ...settings })
  const server = setupServer(
    ...createHandlers({ control, ...(baseUrl !== undefined && { baseUrl }) }),
    ...extraHandlers,
  )
  server.listen(unhandled(onUnhandledFrame))
  let open = true
  /** Stops answering before the test ends, so another mock can take over. */
  const close = () => {
    if (open) server.close()
    open = false
  }
  onTestFinished(close)

  const api = (path: string, init: RequestInit = {}) => fetch(/^https?:/.test(path) ? path : `${ORIGIN}${path}`, init)
  /** POSTs `body` (JSON-encoded unless a string) with `Content-Type: application/json` unless `init` says otherwise. */
  const post = (path: string, body: unknown, init: RequestInit = {}) =>
    api(path, {
      method: 'POST',
      ...init,
      headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const getArtefact = (id: string, init: RequestInit = {}) => api(`${ARTEFACT}/${id}`, init)
  /** The ids the store holds, to compare before and after a refused request. */
  const contents = () => {
    const snapshot = store.getSnapshot()
    return {
      artefacts: snapshot.artefacts.map((record) => record.summary.id).sort(),
      categories: snapshot.categories.map((category) => category.id).sort((a, b) => a - b),
    }
  }
  const advance = (ms: number) => {
    clock.now += ms
  }
  return { control, store, clock, advance, api, post, getArtefact, contents, close }
}

export type Mock = ReturnType<typeof startMock>

/** Asserts an error answer: status, exact Error body, JSON, and a reason in `X-Mock-Reason`. */
export async function expectError(response: Response, status: SpecStatus): Promise<void> {
  const body: unknown = await response.json()
  expect({ status: response.status, body }).toStrictEqual({
    status,
    body: errorBodyOf(status),
  })
  expect(response.headers.get('Content-Type')).toBe('application/json')
  expect(response.headers.get('X-Mock-Reason')).toMatch(/\S/)
}

/** A body that creates an artefact. */
export const validArtefact = (extra: Record<string, unknown> = {}) => ({ title: 'A new article', ...extra })

export const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

let databases = 0
/** A database name no other test in this file uses, so every test starts empty; `label` names the file's databases. */
export const freshDatabase = (label: string) => `artefact-${label}-test-${(databases += 1)}`

/**
 * Silences the store's `[artefact-mock]` warnings for this test (the tests read health instead),
 * and undoes its `vi.spyOn` and `vi.stubGlobal` calls when it finishes.
 */
export function quietWarnings(): void {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  onTestFinished(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })
}

/** The health of a store saving in IndexedDB with nothing wrong and every stored record held. */
export const HEALTHY_INDEXEDDB: StoreHealth = {
  persistence: 'IndexedDB',
  mode: 'saved',
  skipped: [],
  lastError: null,
  lastErrorKind: null,
  restoring: false,
}
