/** What one tab tells the others (`../store/tab-sync.ts`). */
import * as z from 'zod/mini'
import { Category, StoredArtefact } from './resources.ts'

// `generation`: the resets the sender had seen; a message from before a reset is never applied after it.
const generation = z.optional(z.int().check(z.minimum(0)))

/**
 * What one tab tells the others. Receivers parse every message with it: a message is
 * untrusted input, like a stored record.
 * @example
 * const parsed = TabMessage.safeParse(event.data)
 */
export const TabMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('artefact'), record: StoredArtefact, generation }),
  z.object({ type: z.literal('category'), category: Category, generation }),
  z.object({ type: z.literal('reset'), generation }),
])
export type TabMessage = z.infer<typeof TabMessage>
