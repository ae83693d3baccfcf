/**
 * Sends seeded random requests to a fresh mock and counts what must never
 * happen: exceptions, statuses outside the spec's table, error bodies that are
 * not exactly `{ errorCode, message }`, store changes on a non-success, and
 * changes to `Object.prototype`. Shared by `npm run fuzz` and the test slice.
 */
import fc from 'fast-check'
import { getResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createControl } from '../mocks/control.ts'
import { createHandlers } from '../mocks/handlers/create-handlers.ts'
import { createRouter, createScope, PREFIX } from '../mocks/handlers/router.ts'
import { OPERATION_NAMES, OPERATIONS } from '../mocks/operations/registry.ts'
import { createStore } from '../mocks/store.ts'
import { SPEC_ERRORS, seedIds } from '../mocks/testing/arbitraries.ts'
import { type FuzzCase, fuzzCase, type Op } from './cases.ts'

/** `fetch`: msw/node intercepts real `fetch` calls. `direct`: msw's `getResponse(handlers, request)`, no interception. */
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
  outsideTable: number
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
const scope = createScope()
const router = createRouter(OPERATIONS)

/** The operations a path names (exact, case-sensitive, no trailing slash), as the registry's router reads it. */
const operationsOf = (url: URL) => {
  const rest = scope.locate(url)
  return (rest === null ? null : router.route(rest))?.operations ?? []
}

/** The statuses the spec's table allows for this request: its operation's success, 204 for OPTIONS, the nine errors. */
function allowedStatuses(method: string, url: URL): Set<number> {
  const allowed = new Set(Object.keys(SPEC_ERRORS).map(Number))
  const operations = operationsOf(url)
  for (const operation of operations) if (method === operation.method) allowed.add(operation.success.status)
  if (operations.length > 0 && method === 'OPTIONS') allowed.add(204)
  return allowed
}

const isExactErrorBody = (status: number, text: string) => {
  try {
    const body: unknown = JSON.parse(text)
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
    const keys = Object.keys(body).sort()
    const { errorCode, message } = body as Record<string, unknown>
    return keys.join() === 'errorCode,message' && errorCode === String(status) && message === SPEC_ERRORS[status]
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
  const handlers = createHandlers({ control })
  const server = transport === 'fetch' ? setupServer(...handlers) : null
  server?.listen({ onUnhandledFrame: 'error' })
  const send = (url: URL, init: RequestInit) =>
    server ? fetch(url, init) : getResponse(handlers, new Request(url, init))

  const figures: FuzzFigures = {
    requests: 0,
    exceptions: 0,
    unanswered: 0,
    outsideTable: 0,
    inexactErrorBodies: 0,
    storeChangesOnNonSuccess: 0,
    successesNotStoredOnce: 0,
    successBodiesOffSchema: 0,
    prototypeChanges: 0,
    headBodiesUnread: 0,
    statuses: {},
    byOperation: { ...Object.fromEntries(OPERATION_NAMES.map((name) => [name, 0])), unknown: 0 } as Record<Op, number>,
    examples: [],
    ms: 0,
  }
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).join()
  const created: string[] = []
  const started = performance.now()

  const fail = (rule: string, c: FuzzCase, detail: string) => {
    if (figures.examples.length < 10)
      figures.examples.push(`${rule}: ${c.method} ${c.path.slice(0, 200)} ${detail}`.slice(0, 500))
  }

  async function one(c: FuzzCase, index: number) {
    if (index % RESET_EVERY === 0) {
      await control.reset()
      created.length = 0
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
    let response: Response | undefined
    let text = ''
    try {
      const headers = new Headers(c.headers)
      const withBody = c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD'
      response = await send(url, { method: c.method, headers, ...(withBody && { body: c.body }) })
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
    if (!allowedStatuses(c.method, url).has(status)) {
      figures.outsideTable += 1
      fail('outside the table', c, `-> ${status} ${text.slice(0, 200)}`)
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
    let success = false
    const operation = operationsOf(url).find((candidate) => candidate.method === c.method)
    if (operation && status === operation.success.status) {
      const parsed = operation.success.schema.safeParse(JSON.parse(text))
      if (!parsed.success) {
        figures.successBodiesOffSchema += 1
        fail('success body off schema', c, `-> ${status} ${text.slice(0, 200)}`)
      }
      // A create (a body-taking operation) that reports no in-body errors stored one record.
      success = parsed.success && operation.request !== null && !operation.success.inBodyErrors?.(parsed.data)
      const answer = parsed.data as { responseId?: string } | undefined
      if (success && answer?.responseId) created.push(answer.responseId)
    }
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
