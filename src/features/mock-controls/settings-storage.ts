/** Reading and writing the mock's settings in a key-value storage (the pure part of persisted-settings). */
import { type MockControl, MockSettings } from '#mocks/internal.ts'

export const SETTINGS_KEY = 'artefact-mock:settings'

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
type Steerable = Pick<MockControl, 'set' | 'subscribe' | 'settings'>

export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** Applies the stored settings to `control`; an invalid stored value is removed. Returns whether it applied. */
export function applyStoredSettings(control: Steerable, storage: KeyValueStorage): boolean {
  const raw = storage.getItem(SETTINGS_KEY)
  if (raw === null) return false
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    value = undefined
  }
  const parsed = MockSettings.safeParse(value)
  if (!parsed.success) {
    storage.removeItem(SETTINGS_KEY)
    return false
  }
  control.set(parsed.data)
  return true
}

/** Writes the settings whenever they change (not on every counted call). Returns the unsubscribe. */
export function persistSettings(control: Steerable, storage: KeyValueStorage): () => void {
  let last = control.settings
  return control.subscribe(() => {
    if (control.settings === last) return
    last = control.settings
    try {
      storage.setItem(SETTINGS_KEY, JSON.stringify(last))
    } catch {
      // Storage full or denied: the settings still apply for this page.
    }
  })
}
