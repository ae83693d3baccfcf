/**
 * Keeps a mock's settings across reloads: restored from localStorage once the mock has started
 * in its scenario (validated with the MockSettings schema), and written on every change.
 */
import type { MockControl } from '#mocks/internal.ts'
import { applyStoredSettings, browserStorage, persistSettings, SETTINGS_KEY } from './settings-storage.ts'

const started = new WeakSet<MockControl>()

/**
 * Restores `control`'s settings from localStorage (when they were set in the scenario it is in,
 * and `apply` is not false: a link's own settings win) and from then on saves every change.
 * Call it once after the mock started, before the first request; later calls for the same
 * control do nothing.
 *
 * @example
 * await startMockWorker()
 * restoreControlSettings(control)
 */
export function restoreControlSettings(control: MockControl, { apply = true }: { apply?: boolean } = {}): void {
  if (started.has(control)) return
  started.add(control)
  const storage = browserStorage()
  if (!storage) return
  try {
    if (apply) applyStoredSettings(control, storage)
  } catch {
    storage.removeItem(SETTINGS_KEY)
  }
  persistSettings(control, storage)
}
