/**
 * Sends seeded random requests to a fresh mock of the operations the oracle knows
 * (`TAUGHT_OPERATIONS`) and counts what must never
 * happen: exceptions, answers other than the oracle's (`mocks/testing/oracle.ts`,
 * the one the property tests ask), error bodies that are not exactly
 * `{ errorCode, message }`, calls counted against the quota when they should not be
 * (or not when they should), store changes on a non-success, and changes to
 * `Object.prototype`. Shared by `npm run fuzz` and the test slice.
 */
import fc from 'fast-check'
import { getResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createControl } from '../mocks/control/control.ts'
import { contextFor, handlersFor } from '../mocks/handlers/create-handlers.ts'
import { Artefact, CreateArtefactResponse, CreateCategoryResponse } from '../mocks/schemas/resources.ts'
import { createStore } from '../mocks/store/store.ts'
import { seedIds } from '../mocks/testing/request-paths.ts'
import {
  errorBodyOf,
  expected,
  learn,
  outcomeOf,
  PREFIX,
  SPEC_ERRORS,
  SPEC_OPERATIONS,
  type SpecOperation,
  type Sent,
  seedWorld,
} from '../mocks/testing/oracle.ts'
import { TAUGHT_OPERATIONS } from '../mocks/testing/taught-operations.ts'
import { type FuzzCase, fuzzCase, type Op } from './cases.ts'

/**
 * `fetch`: msw/node intercepts real `fetch` calls.
 * `direct`: msw's `getResponse(handlers, request)`, no interception.
 */
export type Transport = 'fetch' | 'direct'

export interface FuzzOptions {
  count: number
  seed: number
  transport: Transport
  /** Called after every 1,000 requests. */
  onProgress?: (done: number) => void
}

export interface FuzzFigures {
  requests: number
  exceptions: number
  unanswered: number
  /** Answers whose outcome is not one the oracle allows. */
  offOracle: number
  /** Requests counted against the quota when the oracle says not, or not when it says so. */
  miscounted: number
  inexactErrorBodies: number
  storeChangesOnNonSuccess: number
  successesNotStoredOnce: number
  successBodiesOffSchema: number
  prototypeChanges: number
  /** HEAD answers carry no body, so their Error body cannot be read. */
  headBodiesUnread: number
  statuses: Record<string, number>
  byOperation: Record<Op, number>
  /** The first few requests that broke a rule, for a person to replay. */
  examples: string[]
  ms: number
}

const ORIGIN = 'http://fuzz.test'
const BATCH = 500
const RESET_EVERY = 200
/** The success schemas of the spec's operations, to check a success body against. */
const SUCCESS_SCHEMA = {
  createArtefact: CreateArtefactResponse,
  createCategory: CreateCategoryResponse,
  getArtefact: Artefact,
}
/** Exactly `{ errorCode, message }` for `status`, no other key. */
const isExactErrorBody = (status: number, text: string) => {
  try {
    const body = JSON.parse(text) as Record<string, unknown>
    const want: Record<string, unknown> = errorBodyOf(status)
    const keys = Object.keys(body ?? {}).sort()
    return keys.join() === 'errorCode,message' && keys.every((key) => body[key] === want[key])
  } catch {
    return false
  }
}

/**
 * Runs `count` seeded random requests through a fresh mock and returns the figures.
 *
 * @example
 * const figures = await runFuzz({ count: 20_000, seed: 6, transport: 'fetch' })
 */
export async function runFuzz({ count, seed, transport, onProgress }: FuzzOptions): Promise<FuzzFigures> {
  const store = createStore()
  const control = createControl({ store })
  const handlers = handlersFor(contextFor(control, undefined, TAUGHT_OPERATIONS))
  const server = transport === 'fetch' ? setupServer(...handlers) : null
  server?.listen({ onUnhandledFrame: 'error' })
  const send = (url: URL, init: RequestInit) =>
    server ? fetch(url, init) : getResponse(handlers, new Request(url, init))

  const figures: FuzzFigures = {
    requests: 0,
    exceptions: 0,
    unanswered: 0,
    offOracle: 0,
    miscounted: 0,
    inexactErrorBodies: 0,
    storeChangesOnNonSuccess: 0,
    successesNotStoredOnce: 0,
    successBodiesOffSchema: 0,
    prototypeChanges: 0,
    headBodiesUnread: 0,
    statuses: {},
    byOperation: { ...Object.fromEntries(SPEC_OPERATIONS.map((name) => [name, 0])), unknown: 0 } as Record<Op, number>,
    examples: [],
    ms: 0,
  }
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).join()
  const created: string[] = []
  let world = seedWorld()
  const started = performance.now()

  const fail = (rule: string, c: FuzzCase, detail: string) => {
    if (figures.examples.length < 10)
      figures.examples.push(`${rule}: ${c.method} ${c.path.slice(0, 200)} ${detail}`.slice(0, 500))
  }

  async function one(c: FuzzCase, index: number) {
    if (index % RESET_EVERY === 0) {
      await control.reset()
      created.length = 0
      world = seedWorld()
    }
    const { preCalls, ...settings } = c.conditions
    control.set(settings)
    control.resetCounters()
    for (let i = 0; i < preCalls; i++) control.countCall()
    const known = created.length > 0 ? created[index % created.length]! : seedIds[index % seedIds.length]!
    const path = c.path.replace('{created}', known).replace('{CREATED}', known.toUpperCase())
    const url = new URL(`${ORIGIN}${PREFIX}${path}`)
    figures.requests += 1
    figures.byOperation[c.op] += 1

    const before = store.getSnapshot()
    const used = control.getSnapshot().quotaUsed
    const headers = new Headers(c.headers)
    const body = c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD' ? c.body : undefined
    const sent: Sent = { method: c.method, url, headers, body }
    const want = expected(sent, c.conditions, world)
    let response: Response | undefined
    let text = ''
    try {
      response = await send(url, { method: c.method, headers, ...(body && { body }) })
      text = response ? await response.text() : ''
    } catch (error) {
      figures.exceptions += 1
      return fail('exception', c, error instanceof Error ? error.message : String(error))
    }
    if (!response) {
      figures.unanswered += 1
      return fail('unanswered', c, '')
    }
    const status = response.status
    figures.statuses[status] = (figures.statuses[status] ?? 0) + 1
    if (status >= 500 && status !== 503) figures.exceptions += 1
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {}
    const outcome = outcomeOf(want.route, status, json)
    if (!want.keys.includes(outcome)) {
      figures.offOracle += 1
      const why = `-> ${outcome}, expected ${want.keys.join(' | ')} by ${want.tag}`
      fail("not the oracle's answer", c, `${JSON.stringify(c.headers).slice(0, 200)} ${why}`)
    }
    if ((control.getSnapshot().quotaUsed - used === 1) !== want.counted) {
      figures.miscounted += 1
      fail('miscounted', c, `-> ${status}, counted should be ${want.counted}`)
    }
    if (status in SPEC_ERRORS) {
      if (c.method === 'HEAD') figures.headBodiesUnread += 1
      else if (!isExactErrorBody(status, text)) {
        figures.inexactErrorBodies += 1
        fail('inexact error body', c, `-> ${status} ${text.slice(0, 200)}`)
      }
    }
    const after = store.getSnapshot()
    const grew = after.artefacts.length - before.artefacts.length + after.categories.length - before.categories.length
    const route = want.route
    if (
      route &&
      c.method === route.method &&
      ['200', '200 ok', '200 hasErrors', '200 off-schema', '201'].includes(outcome)
    ) {
      if (!SUCCESS_SCHEMA[route.op as SpecOperation].safeParse(json).success) {
        figures.successBodiesOffSchema += 1
        fail('success body off schema', c, `-> ${status} ${text.slice(0, 200)}`)
      }
    }
    // Only a create that reports no in-body errors stores a record.
    const success = outcome === '200 ok' || outcome === '201'
    if (success) learn(world, sent, outcome, json)
    const answer = json as { responseId?: string } | undefined
    if (outcome === '200 ok' && answer?.responseId) created.push(answer.responseId)
    if (!success && (after !== before || grew !== 0)) {
      figures.storeChangesOnNonSuccess += 1
      fail('store changed on a non-success', c, `-> ${status}`)
    }
    if (success && grew !== 1) {
      figures.successesNotStoredOnce += 1
      fail('success stored other than once', c, `-> ${status} (${grew} records)`)
    }
    if (Object.getOwnPropertyNames(Object.prototype).join() !== prototypeKeys || 'polluted' in {}) {
      figures.prototypeChanges += 1
      fail('Object.prototype changed', c, '')
    }
  }

  try {
    for (let done = 0; done < count; done += BATCH) {
      const batch = fc.sample(fuzzCase, { seed: seed + done / BATCH, numRuns: Math.min(BATCH, count - done) })
      for (const [i, c] of batch.entries()) {
        await one(c, done + i)
        if ((done + i + 1) % 1000 === 0) onProgress?.(done + i + 1)
      }
    }
  } finally {
    server?.close()
    await control.reset()
  }
  figures.ms = Math.round(performance.now() - started)
  return figures
}

/** The status classes reached, e.g. `{ '2xx': 9120, '4xx': 10410, '5xx': 470 }`. */
export const statusClasses = (statuses: Record<string, number>) =>
  Object.entries(statuses).reduce<Record<string, number>>((classes, [status, n]) => {
    const key = `${status[0]}xx`
    classes[key] = (classes[key] ?? 0) + n
    return classes
  }, {})
