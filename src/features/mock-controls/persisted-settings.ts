/**
 * Keeps a mock's settings across reloads: restored from localStorage at start
 * (validated with the MockSettings schema) and written on every change.
 */
import type { MockControl } from '#mocks/internal.ts'
import { applyStoredSettings, browserStorage, persistSettings, SETTINGS_KEY } from './settings-storage.ts'

const started = new WeakSet<MockControl>()

/**
 * Restores `control`'s settings from localStorage and from then on saves every
 * change. Call it once before the first request; later calls for the same control do nothing.
 *
 * @example
 * restoreControlSettings(control)
 * await startMockWorker()
 */
export function restoreControlSettings(control: MockControl): void {
  if (started.has(control)) return
  started.add(control)
  const storage = browserStorage()
  if (!storage) return
  try {
    applyStoredSettings(control, storage)
  } catch {
    storage.removeItem(SETTINGS_KEY)
  }
  persistSettings(control, storage)
}
