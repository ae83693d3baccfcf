import { describe, expect, test } from 'vitest'
import type { Exchange, RequestDraft } from '../../app/explorer-bus.ts'
import { createHistoryStore, HISTORY_CAP, HISTORY_KEY, parseStoredHistory, STORED_BODY_MAX } from './history-store.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

const omit = { mode: 'omit' } as const
const draft: RequestDraft = {
  operation: 'getArtefact',
  id: '0a1e0001-5c0f-4a11-9c00-000000000001',
  isDraft: omit,
  accept: { mode: 'value', value: 'application/json' },
  contentType: omit,
  body: '',
  prefer: omit,
}

const exchange = (n: number): Exchange => ({
  id: `x${n}`,
  at: 1_700_000_000_000 + n,
  operation: 'getArtefact',
  request: {
    method: 'GET',
    url: `/v3/preview-upcoming/resources/artefact/${draft.id}`,
    headers: [['Accept', 'application/json']],
    body: null,
  },
  response: { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body: '{}' },
  failure: null,
  durationMs: 12,
  source: 'explorer',
})

test('an advanced (free) request comes back from storage as it was sent, ready to replay', () => {
  const storage = memoryStorage()
  const advanced: RequestDraft = {
    ...draft,
    advanced: true,
    free: {
      method: 'PATCH',
      path: '/resources/artefact/x',
      query: [{ on: true, name: 'isDraft', value: 'maybe' }],
      headers: [{ on: false, name: 'X-Off', value: '1' }],
    },
  }
  createHistoryStore(storage).record(advanced, exchange(1))
  const [entry] = createHistoryStore(storage).getSnapshot()
  expect(entry?.draft).toEqual(advanced)
})

describe('history store', () => {
  test('lists recorded requests newest first and persists them', () => {
    const storage = memoryStorage()
    const history = createHistoryStore(storage)
    history.record(draft, exchange(1))
    history.record(draft, exchange(2))
    expect(history.getSnapshot().map((entry) => entry.exchange.id)).toEqual(['x2', 'x1'])
    const reloaded = createHistoryStore(storage)
    expect(reloaded.getSnapshot().map((entry) => entry.exchange.id)).toEqual(['x2', 'x1'])
  })

  test('keeps at most 100 entries, dropping the oldest', () => {
    const history = createHistoryStore(memoryStorage())
    for (let n = 0; n < HISTORY_CAP + 5; n += 1) history.record(draft, exchange(n))
    const ids = history.getSnapshot().map((entry) => entry.exchange.id)
    expect(ids).toHaveLength(HISTORY_CAP)
    expect(ids[0]).toBe(`x${HISTORY_CAP + 4}`)
    expect(ids.at(-1)).toBe('x5')
  })

  test('drops stored entries that do not fit the schema and keeps the rest', () => {
    const good = { draft, exchange: exchange(1) }
    const stored = JSON.stringify([good, { draft, exchange: { ...exchange(2), source: 'elsewhere' } }, 42, null])
    const history = createHistoryStore(memoryStorage({ [HISTORY_KEY]: stored }))
    expect(history.getSnapshot()).toEqual([good])
  })

  test('reads nothing from a value that is not JSON or not a list', () => {
    expect(parseStoredHistory('{not json')).toEqual([])
    expect(parseStoredHistory('{"draft":1}')).toEqual([])
    expect(parseStoredHistory(null)).toEqual([])
  })

  test('cuts very long bodies before storing them', () => {
    const history = createHistoryStore(memoryStorage())
    const big = exchange(1)
    history.record(draft, { ...big, response: { ...big.response!, body: 'x'.repeat(STORED_BODY_MAX * 2) } })
    expect(history.getSnapshot()[0]!.exchange.response!.body.length).toBeLessThan(STORED_BODY_MAX + 100)
  })

  test('keeps fewer entries when storage is full, and all in memory', () => {
    const storage = memoryStorage()
    const limited = {
      ...storage,
      setItem: (key: string, value: string) => {
        if (value.length > 2_000) throw new DOMException('full', 'QuotaExceededError')
        storage.setItem(key, value)
      },
    }
    const history = createHistoryStore(limited)
    for (let n = 0; n < 20; n += 1) history.record(draft, exchange(n))
    expect(history.getSnapshot()).toHaveLength(20)
    const kept = parseStoredHistory(storage.map.get(HISTORY_KEY) ?? null)
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan(20)
    expect(kept[0]!.exchange.id).toBe('x19')
  })

  test('clear empties the list and the storage', () => {
    const storage = memoryStorage()
    const history = createHistoryStore(storage)
    history.record(draft, exchange(1))
    history.clear()
    expect(history.getSnapshot()).toEqual([])
    expect(parseStoredHistory(storage.map.get(HISTORY_KEY) ?? null)).toEqual([])
  })
})
