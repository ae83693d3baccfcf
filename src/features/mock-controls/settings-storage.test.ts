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

  test('writes the settings and their scenario at once and on every change, not on counted calls', () => {
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
    expect(writes).toHaveLength(1)
    control.countCall()
    expect(writes).toHaveLength(1)
    control.set({ rateLimit: { calls: 1, windowSeconds: 60 } })
    expect(JSON.parse(storage.map.get(SETTINGS_KEY)!)).toEqual({
      scenario: 'default',
      settings: { ...DEFAULT_SETTINGS, rateLimit: { calls: 1, windowSeconds: 60 } },
    })
    stop()
    control.set({ maintenance: true })
    expect(writes).toHaveLength(2)
  })

  test('applies settings stored in another scenario only in that scenario, and keeps them stored', async () => {
    const storage = memoryStorage()
    const first = createControl()
    persistSettings(first, storage)
    await first.useScenario('maintenance')
    first.set({ maintenance: false, retryAfterSeconds: 9 })
    const elsewhere = createControl({ scenario: 'empty' })
    expect(applyStoredSettings(elsewhere, storage)).toBe(false)
    expect(elsewhere.settings).toEqual(DEFAULT_SETTINGS)
    expect(storage.map.has(SETTINGS_KEY)).toBe(true)
    const same = createControl({ scenario: 'maintenance' })
    expect(applyStoredSettings(same, storage)).toBe(true)
    expect(same.settings).toEqual({ ...DEFAULT_SETTINGS, maintenance: false, retryAfterSeconds: 9 })
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
