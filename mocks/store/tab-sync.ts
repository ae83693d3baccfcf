/**
 * Keeps the stores of several tabs on one origin in step: a create or a reset
 * in one tab is sent to the others, which check it with the schemas before
 * applying it. The store takes a `TabSync` as an option, so Node tests can
 * pass connected in-memory ones instead of a BroadcastChannel.
 */

import type { TabMessage } from '../schemas/tab-message.ts'

export type { TabMessage } from '../schemas/tab-message.ts'

/** A channel to the other tabs of the same origin (never back to the sender). */
export interface TabSync {
  /** A name for people: "BroadcastChannel", "memory". */
  readonly name: string
  post(message: TabMessage): void
  /** Calls `listener` with each message another tab sent; returns the unsubscribe. */
  subscribe(listener: (message: unknown) => void): () => void
}

const DEFAULT_CHANNEL = 'artefact-preview-mock'

/**
 * A `TabSync` over a BroadcastChannel, opened on first use (so importing and
 * creating a store touch nothing); undefined where BroadcastChannel is missing.
 *
 * @example
 * const store = createStore({ persistence: indexedDbPersistence(), sync: broadcastTabSync() })
 */
export function broadcastTabSync(channelName = DEFAULT_CHANNEL): TabSync | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined
  let channel: BroadcastChannel | undefined
  const open = () => (channel ??= new BroadcastChannel(channelName))
  return {
    name: 'BroadcastChannel',
    post(message) {
      try {
        open().postMessage(message)
      } catch (error) {
        // A closed channel or an uncloneable value must not fail the request that caused it.
        console.warn(
          `[artefact-mock] could not tell the other tabs: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    },
    subscribe(listener) {
      const onMessage = (event: MessageEvent) => listener(event.data)
      open().addEventListener('message', onMessage)
      return () => channel?.removeEventListener('message', onMessage)
    },
  }
}

/**
 * `count` in-memory `TabSync`s connected like the tabs of one origin: each
 * message reaches every other one, a copy (structured clone), asynchronously
 * and in order. For tests of several tabs in Node.
 *
 * @example
 * const [a, b] = memoryTabSyncs(2)
 * const tabA = createStore({ persistence: indexedDbPersistence('db'), sync: a })
 * const tabB = createStore({ persistence: indexedDbPersistence('db'), sync: b })
 */
export function memoryTabSyncs(count = 2): TabSync[] {
  const listeners = Array.from({ length: count }, () => new Set<(message: unknown) => void>())
  return listeners.map((own, index) => ({
    name: 'memory',
    post(message) {
      const copy = structuredClone(message)
      listeners.forEach((others, other) => {
        if (other === index) return
        for (const listener of others) setTimeout(() => listener(structuredClone(copy)), 0)
      })
    },
    subscribe(listener) {
      own.add(listener)
      return () => own.delete(listener)
    },
  }))
}
