/** A TabSync for tests that deliver another tab's message themselves. Not part of the public API. */
import type { TabSync } from '../store/tab-sync.ts'

/**
 * A TabSync that hands the store's listener to the test, to call it directly.
 * @example
 * const { sync, deliver } = capturedSync()
 * deliver({ type: 'reset', generation: 1 })
 */
export function capturedSync() {
  let listener: ((message: unknown) => void) | undefined
  const sync: TabSync = {
    name: 'captured',
    post() {},
    subscribe(given) {
      listener = given
      return () => {}
    },
  }
  return { sync, deliver: (message: unknown) => listener?.(message) }
}
