import { describe, expect, test } from 'vitest'
import type { Exchange, RequestDraft } from '../../app/explorer-bus.ts'
import { createHistoryStore, STORED_BODY_MAX } from './history-store.ts'
import { entryKey, HISTORY_CAP, HISTORY_KEY, HISTORY_TOTAL_KEY, parseStoredHistory } from './history-storage.ts'

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

  test('keeps fewer entries when storage is full, the newest first, and all in memory', () => {
    const storage = memoryStorage()
    // A quota on everything stored, as a browser's is: room for a few entries.
    const limited = {
      ...storage,
      setItem: (key: string, value: string) => {
        const others = [...storage.map].filter(([known]) => known !== key)
        if (others.reduce((sum, [, text]) => sum + text.length, value.length) > 6_000)
          throw new DOMException('full', 'QuotaExceededError')
        storage.setItem(key, value)
      },
    }
    const history = createHistoryStore(limited)
    for (let n = 0; n < 20; n += 1) history.record(draft, exchange(n))
    expect(history.getSnapshot()).toHaveLength(20)
    const kept = createHistoryStore(storage).getSnapshot()
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan(20)
    expect(kept[0]!.exchange.id).toBe('x19')
  })

  test('a send writes its own entry, the list of ids and the count, never the whole history again', () => {
    const storage = memoryStorage()
    const history = createHistoryStore(storage)
    for (let n = 0; n < HISTORY_CAP; n += 1) history.record(draft, exchange(n))
    const written: string[] = []
    const watched = createHistoryStore({
      ...storage,
      setItem: (key, value) => {
        written.push(value)
        storage.setItem(key, value)
      },
    })
    watched.record(draft, exchange(HISTORY_CAP))
    const one = JSON.stringify({ draft, exchange: exchange(HISTORY_CAP) }).length
    expect(written.join('').length).toBeLessThan(one + 40 * HISTORY_CAP)
    // The one pushed past the cap is gone from the storage too.
    expect(storage.map.has(entryKey('x0'))).toBe(false)
    expect(
      createHistoryStore(storage)
        .getSnapshot()
        .map((entry) => entry.exchange.id)[0],
    ).toBe(`x${HISTORY_CAP}`)
  })

  test('moves a list of whole entries, as stored before, to one key per entry', () => {
    const stored = JSON.stringify([
      { draft, exchange: exchange(2) },
      { draft, exchange: exchange(1) },
    ])
    const storage = memoryStorage({ [HISTORY_KEY]: stored })
    expect(
      createHistoryStore(storage)
        .getSnapshot()
        .map((entry) => entry.exchange.id),
    ).toEqual(['x2', 'x1'])
    expect(JSON.parse(storage.map.get(HISTORY_KEY)!)).toEqual(['x2', 'x1'])
    expect(storage.map.has(entryKey('x1'))).toBe(true)
  })

  test('counts every request sent, past the cap, until cleared', () => {
    const storage = memoryStorage()
    const history = createHistoryStore(storage)
    for (let n = 0; n < HISTORY_CAP + 5; n += 1) history.record(draft, exchange(n))
    expect(history.getTotal()).toBe(HISTORY_CAP + 5)
    expect(createHistoryStore(storage).getTotal()).toBe(HISTORY_CAP + 5)
    history.clear()
    expect(history.getTotal()).toBe(0)
    expect(storage.map.has(HISTORY_TOTAL_KEY)).toBe(false)
  })

  test('clear empties the list and the storage', () => {
    const storage = memoryStorage()
    const history = createHistoryStore(storage)
    history.record(draft, exchange(1))
    history.clear()
    expect(history.getSnapshot()).toEqual([])
    expect([...storage.map.keys()].filter((key) => key.startsWith(HISTORY_KEY))).toEqual([])
  })
})
