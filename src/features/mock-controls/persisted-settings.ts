/**
 * Keeps the browser mock's settings across reloads: restored from localStorage
 * at start (validated with the MockSettings schema) and written on every change.
 */
import { control as browserControl } from '#mocks/browser.ts'
import { applyStoredSettings, browserStorage, persistSettings, SETTINGS_KEY } from './settings-storage.ts'

let started = false

/**
 * Restores the browser mock's settings from localStorage and from then on
 * saves every change. Call it once before the first request; later calls do nothing.
 *
 * @example
 * restoreControlSettings()
 * await startMockWorker()
 */
export function restoreControlSettings(): void {
  if (started) return
  started = true
  const storage = browserStorage()
  if (!storage) return
  try {
    applyStoredSettings(browserControl, storage)
  } catch {
    storage.removeItem(SETTINGS_KEY)
  }
  persistSettings(browserControl, storage)
}
