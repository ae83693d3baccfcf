import { describe, expect, test } from 'vitest'
import { createControl, DEFAULT_SETTINGS } from '#mocks/internal.ts'
import { applyStoredSettings, persistSettings, SETTINGS_KEY } from './settings-storage.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

const stored = { ...DEFAULT_SETTINGS, maintenance: true, quota: 5, latency: { mode: 'range', minMs: 150, maxMs: 400 } }

describe('persisted settings', () => {
  test('applies stored settings that fit the schema', () => {
    const control = createControl()
    const storage = memoryStorage({ [SETTINGS_KEY]: JSON.stringify(stored) })
    expect(applyStoredSettings(control, storage)).toBe(true)
    expect(control.settings).toEqual(stored)
  })

  test.each([
    ['not JSON', '{maintenance'],
    ['a wrong type', JSON.stringify({ ...stored, maintenance: 'yes' })],
    ['an out-of-range value', JSON.stringify({ ...stored, latency: { mode: 'range', minMs: 500, maxMs: 100 } })],
    ['a missing field', JSON.stringify({ maintenance: true })],
    ['null', 'null'],
  ])('ignores and removes %s', (_, raw) => {
    const control = createControl()
    const storage = memoryStorage({ [SETTINGS_KEY]: raw })
    expect(applyStoredSettings(control, storage)).toBe(false)
    expect(control.settings).toEqual(DEFAULT_SETTINGS)
    expect(storage.map.has(SETTINGS_KEY)).toBe(false)
  })

  test('does nothing when nothing is stored', () => {
    const control = createControl()
    expect(applyStoredSettings(control, memoryStorage())).toBe(false)
    expect(control.settings).toEqual(DEFAULT_SETTINGS)
  })

  test('writes the settings on every change, and not on counted calls', () => {
    const control = createControl()
    const storage = memoryStorage()
    const writes: string[] = []
    const spying = {
      ...storage,
      setItem: (key: string, value: string) => {
        writes.push(value)
        storage.setItem(key, value)
      },
    }
    const stop = persistSettings(control, spying)
    control.countCall()
    expect(writes).toEqual([])
    control.set({ rateLimit: { calls: 1, windowSeconds: 60 } })
    expect(JSON.parse(storage.map.get(SETTINGS_KEY)!)).toEqual({
      ...DEFAULT_SETTINGS,
      rateLimit: { calls: 1, windowSeconds: 60 },
    })
    stop()
    control.set({ maintenance: true })
    expect(writes).toHaveLength(1)
  })

  test('round-trips: what one page writes the next restores', () => {
    const first = createControl()
    const storage = memoryStorage()
    persistSettings(first, storage)
    first.set({ quota: 1, retryAfterSeconds: 7 })
    const second = createControl()
    applyStoredSettings(second, storage)
    expect(second.settings).toEqual(first.settings)
  })
})
