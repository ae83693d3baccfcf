import { describe, expect, test } from 'vitest'
import type { LatencySetting } from '#mocks/internal.ts'
import { createNetworkLog, describeLatency, LOG_CAP, operationOf, statusClassOf } from './network-log-model.ts'

const ORIGIN = 'http://localhost:5173'
const ARTEFACTS = `${ORIGIN}/v3/preview-upcoming/resources/artefact`
const ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

function clocks() {
  let wall = 1_700_000_000_000
  let mono = 0
  return {
    now: () => wall,
    elapsed: () => mono,
    advance(ms: number) {
      wall += ms
      mono += ms
    },
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { 'Content-Type': 'application/json' },
  })

describe('operationOf', () => {
  test('names the operation from path and method', () => {
    expect(operationOf('POST', ARTEFACTS)).toBe('createArtefact')
    expect(operationOf('POST', `${ARTEFACTS}category`)).toBe('createCategory')
    expect(operationOf('GET', `${ARTEFACTS}/${ID}`)).toBe('getArtefact')
  })

  test('is null for a wrong method, an unknown path or another URL', () => {
    expect(operationOf('GET', ARTEFACTS)).toBeNull()
    expect(operationOf('GET', `${ARTEFACTS}/`)).toBeNull()
    expect(operationOf('GET', `${ORIGIN}/index.html`)).toBeNull()
    expect(operationOf('GET', 'not a url')).toBeNull()
  })
})

describe('statusClassOf', () => {
  test.each([
    [200, '2xx'],
    [204, '2xx'],
    [304, '3xx'],
    [404, '4xx'],
    [503, '5xx'],
  ] as const)('%i is %s', (status, expected) => {
    expect(statusClassOf({ response: { status, statusText: '', headers: [], body: '' } })).toBe(expected)
  })

  test('no response is failed', () => {
    expect(statusClassOf({ response: null })).toBe('failed')
  })
})

describe('network log', () => {
  test('pairs start and answer by requestId, with duration, bodies and headers', async () => {
    const clock = clocks()
    const log = createNetworkLog(clock)
    const request = new Request(ARTEFACTS, {
      method: 'POST',
      body: '{"title":"A"}',
      headers: { 'Content-Type': 'application/json', 'X-Artefact-Explorer': '1' },
    })
    log.started('r1', request)
    await request.text() // the handler reads the body
    clock.advance(250)
    await log.mocked('r1', request, json({ responseId: ID }))
    const [entry] = log.getSnapshot()
    expect(entry).toMatchObject({
      id: 'r1',
      at: 1_700_000_000_000,
      operation: 'createArtefact',
      durationMs: 250,
      source: 'explorer',
      failure: null,
      request: { method: 'POST', url: ARTEFACTS, body: '{"title":"A"}' },
      response: { status: 200, statusText: 'OK', body: JSON.stringify({ responseId: ID }) },
    })
    expect(entry!.request.headers).toContainEqual(['content-type', 'application/json'])
    expect(entry!.response!.headers).toContainEqual(['content-type', 'application/json'])
    expect(log.pendingCount()).toBe(0)
  })

  test('marks a request without the explorer header as from the page', async () => {
    const log = createNetworkLog(clocks())
    const request = new Request(`${ARTEFACTS}/${ID}`)
    log.started('r1', request)
    await log.mocked('r1', request, json({}, 404))
    expect(log.getSnapshot()[0]).toMatchObject({ source: 'page', operation: 'getArtefact', request: { body: null } })
  })

  test('lists newest first, whatever order the answers come in', async () => {
    const clock = clocks()
    const log = createNetworkLog(clock)
    const slow = new Request(`${ARTEFACTS}/${ID}`)
    const fast = new Request(`${ARTEFACTS}/${ID}`)
    log.started('slow', slow)
    clock.advance(10)
    log.started('fast', fast)
    await log.mocked('fast', fast, json({}))
    clock.advance(1000)
    await log.mocked('slow', slow, json({}))
    expect(log.getSnapshot().map((entry) => entry.id)).toEqual(['fast', 'slow'])
  })

  test('forgets requests the mock did not answer', () => {
    const log = createNetworkLog(clocks())
    log.started('asset', new Request(`${ORIGIN}/main.js`))
    log.forget('asset')
    expect(log.pendingCount()).toBe(0)
    expect(log.getSnapshot()).toEqual([])
  })

  test('keeps at most the cap, dropping the oldest', async () => {
    const clock = clocks()
    const log = createNetworkLog({ ...clock, cap: 3 })
    for (let n = 0; n < 5; n += 1) {
      const request = new Request(`${ARTEFACTS}/${ID}`)
      log.started(`r${n}`, request)
      await log.mocked(`r${n}`, request, json({}))
      clock.advance(1)
    }
    expect(log.getSnapshot().map((entry) => entry.id)).toEqual(['r4', 'r3', 'r2'])
  })

  test('keeps the newest 1,000 by default and counts the older ones it dropped', async () => {
    const clock = clocks()
    const log = createNetworkLog(clock)
    for (let n = 0; n < LOG_CAP + 5; n += 1) {
      await log.mocked(`r${n}`, new Request(`${ARTEFACTS}/${ID}`), json({}))
      clock.advance(1)
    }
    const entries = log.getSnapshot()
    expect(LOG_CAP).toBe(1000)
    expect(entries).toHaveLength(1000)
    expect(entries[0]!.id).toBe('r1004')
    expect(entries.at(-1)!.id).toBe('r5')
    expect(log.getTotal()).toBe(1005)
    log.clear()
    expect(log.getTotal()).toBe(0)
  })

  test('drops the oldest once the bodies pass the text cap, and keeps the newest however large', async () => {
    const clock = clocks()
    const log = createNetworkLog({ ...clock, textCap: 25 })
    for (const [id, body] of [
      ['small', 'x'.repeat(10)],
      ['medium', 'x'.repeat(10)],
      ['large', 'x'.repeat(40)],
    ]) {
      await log.mocked(id!, new Request(`${ARTEFACTS}/${ID}`), new Response(body))
      clock.advance(1)
    }
    expect(log.getSnapshot().map((entry) => entry.id)).toEqual(['large'])
    expect(log.getTotal()).toBe(3)
  })

  test('a new answer leaves the logged entries as they were, so their rows need no new render', async () => {
    const clock = clocks()
    const log = createNetworkLog(clock)
    await log.mocked('first', new Request(`${ARTEFACTS}/${ID}`), json({}))
    const [first] = log.getSnapshot()
    clock.advance(1)
    await log.mocked('second', new Request(`${ARTEFACTS}/${ID}`), json({}))
    expect(log.getSnapshot()[1]).toBe(first)
  })

  test('logs a handler exception as a failure without a response', async () => {
    const log = createNetworkLog(clocks())
    const request = new Request(`${ARTEFACTS}/${ID}`)
    log.started('r1', request)
    await log.failed('r1', request, new TypeError('boom'))
    expect(log.getSnapshot()[0]).toMatchObject({ response: null, failure: 'the handler threw TypeError: boom' })
  })

  test('logs an answer whose start it never saw, with zero duration', async () => {
    const log = createNetworkLog(clocks())
    const request = new Request(`${ARTEFACTS}/${ID}`)
    await log.mocked('late', request, json({}))
    expect(log.getSnapshot()[0]).toMatchObject({ id: 'late', durationMs: 0 })
  })

  test('clear empties the log and tells readers', async () => {
    const log = createNetworkLog(clocks())
    let told = 0
    log.subscribe(() => (told += 1))
    const request = new Request(`${ARTEFACTS}/${ID}`)
    await log.mocked('r1', request, json({}))
    log.clear()
    expect(log.getSnapshot()).toEqual([])
    expect(told).toBe(2)
  })
})

describe('marks', () => {
  const reasoned = (reason: string, status = 503) =>
    new Response('{}', { status, headers: { 'Content-Type': 'application/json', 'X-Mock-Reason': reason } })

  test('marks an answer forced by Prefer or by the control, with the reason', async () => {
    const log = createNetworkLog(clocks())
    const request = new Request(`${ARTEFACTS}/${ID}`)
    await log.mocked('r1', request, reasoned('forced by Prefer: code=503'))
    await log.mocked('r2', request, reasoned('maintenance mode is on (mock control)'))
    const [second, first] = log.getSnapshot()
    expect(first!.marks).toEqual([{ kind: 'forced', detail: 'forced by Prefer: code=503' }])
    expect(second!.marks).toBeUndefined()
  })

  test('marks an answer delayed when the latency setting was on as it started', async () => {
    const clock = clocks()
    const log = createNetworkLog(clock)
    let latency: LatencySetting = { mode: 'fixed', ms: 800 }
    log.readLatencyFrom(() => latency)
    const slow = new Request(`${ARTEFACTS}/${ID}`)
    log.started('slow', slow)
    latency = { mode: 'off' }
    const fast = new Request(`${ARTEFACTS}/${ID}`)
    log.started('fast', fast)
    clock.advance(805)
    await log.mocked('slow', slow, json({}))
    await log.mocked('fast', fast, json({}))
    const byId = new Map(log.getSnapshot().map((entry) => [entry.id, entry]))
    expect(byId.get('slow')!.marks).toEqual([
      { kind: 'delayed', detail: 'latency 800 ms (mock control); answered in 805 ms' },
    ])
    expect(byId.get('fast')!.marks).toBeUndefined()
  })

  test('describes a range, and a zero latency as none', () => {
    expect(describeLatency({ mode: 'range', minMs: 200, maxMs: 1200 })).toBe('200–1200 ms')
    expect(describeLatency({ mode: 'fixed', ms: 0 })).toBeNull()
    expect(describeLatency({ mode: 'off' })).toBeNull()
  })

  test('marks an answer overridden when a run-time handler matched', async () => {
    const log = createNetworkLog(clocks())
    const request = new Request(`${ARTEFACTS}/${ID}`)
    log.started('r1', request)
    log.overridden('r1', 'GET /v3/preview-upcoming/resources/artefact/:id')
    await log.mocked('r1', request, json({}))
    expect(log.getSnapshot()[0]!.marks).toEqual([
      {
        kind: 'overridden',
        detail: 'answered by a handler added with use(): GET /v3/preview-upcoming/resources/artefact/:id',
      },
    ])
  })
})

describe('imported entries', () => {
  test('join the log by time, marked imported, with ids of their own', async () => {
    const clock = clocks()
    const log = createNetworkLog(clock)
    const request = new Request(`${ARTEFACTS}/${ID}`)
    await log.mocked('r1', request, json({}))
    const old = { ...log.getSnapshot()[0]!, at: 1, source: 'page' as const }
    log.imported([old, old])
    const entries = log.getSnapshot()
    expect(entries.map((entry) => entry.source)).toEqual(['page', 'imported', 'imported'])
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(3)
  })
})
