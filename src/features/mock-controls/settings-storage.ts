/** Reading and writing the mock's settings in a key-value storage (the pure part of persisted-settings). */
import { type MockControl, MockSettings } from '#mocks/internal.ts'

export const SETTINGS_KEY = 'artefact-mock:settings'

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
type Steerable = Pick<MockControl, 'set' | 'subscribe' | 'settings' | 'scenario'>

export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** The stored value: settings and the scenario they were set in; settings alone (an older page's) were the default's. */
function readStored(raw: string): { scenario: string; settings: unknown } {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { scenario: 'default', settings: undefined }
  }
  if (typeof value === 'object' && value !== null && 'scenario' in value && 'settings' in value) {
    return { scenario: String(value.scenario), settings: value.settings }
  }
  return { scenario: 'default', settings: value }
}

/**
 * Applies the stored settings to `control` when they were set in the scenario it is in (another
 * scenario's settings stay stored, unapplied); an invalid stored value is removed. Returns whether it applied.
 */
export function applyStoredSettings(control: Steerable, storage: KeyValueStorage): boolean {
  const raw = storage.getItem(SETTINGS_KEY)
  if (raw === null) return false
  const stored = readStored(raw)
  const parsed = MockSettings.safeParse(stored.settings)
  if (!parsed.success) {
    storage.removeItem(SETTINGS_KEY)
    return false
  }
  if (stored.scenario !== control.scenario.id) return false
  control.set(parsed.data)
  return true
}

/** Writes the settings and their scenario now and whenever they change (not on every counted call). Returns the unsubscribe. */
export function persistSettings(control: Steerable, storage: KeyValueStorage): () => void {
  let last: { settings: MockSettings; scenario: string } | null = null
  const write = () => {
    const scenario = control.scenario.id
    if (last?.settings === control.settings && last.scenario === scenario) return
    last = { settings: control.settings, scenario }
    try {
      storage.setItem(SETTINGS_KEY, JSON.stringify(last))
    } catch {
      // Storage full or denied: the settings still apply for this page.
    }
  }
  write()
  return control.subscribe(write)
}
