import type { KeyValueStorage } from '../mock-controls/settings-storage.ts'

/** A localStorage stand-in for tests, optionally holding some items already. */
export function memoryStorage(items: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(items))
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}
