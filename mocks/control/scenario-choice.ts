/**
 * Which scenario a page's mock starts in (contract §12), and how the browser remembers the choice
 * across reloads, so that what was created under a scenario persists with it.
 */
import * as z from 'zod/mini'
import type { Scenario } from './scenarios.ts'

/** The localStorage key of the remembered choice. */
export const CHOICE_KEY = 'artefact-mock:scenario'

/** The scenario in use, and what the page asked for (URL, init, option) when it was last started. */
export const RememberedChoice = z.object({ id: z.string(), asked: z.nullable(z.string()) })
export type RememberedChoice = z.infer<typeof RememberedChoice>

export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The remembered choice; one that is not JSON of the right shape is removed. */
export function readChoice(storage: ChoiceStorage): RememberedChoice | null {
  const raw = storage.getItem(CHOICE_KEY)
  if (raw === null) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    value = undefined
  }
  const parsed = RememberedChoice.safeParse(value)
  if (parsed.success) return parsed.data
  storage.removeItem(CHOICE_KEY)
  return null
}

/** Remembers `choice`; a full or blocked storage leaves the choice to this page alone. */
export function writeChoice(storage: ChoiceStorage, choice: RememberedChoice): void {
  try {
    storage.setItem(CHOICE_KEY, JSON.stringify(choice))
  } catch {
    // Nothing to do: the next page starts from what it asks for.
  }
}

export interface Choice {
  /** The scenario to start in. */
  id: string
  /** A new ask, or another scenario than the stored records were created under: selecting it clears them. */
  changed: boolean
}

/**
 * The scenario a page starts in. A new ask (an id the page did not ask for when the choice was
 * remembered) wins and starts afresh, as a link opened in a fresh browser would; otherwise the
 * remembered choice stays, so a reload keeps a switch made in the Scenarios tab, and what was
 * created under it. A remembered id that no longer names a
 * scenario is dropped with a warning, never a crash. `asked` must be known (the caller checks).
 *
 * @example
 * chooseScenario('empty', { id: 'maintenance', asked: 'empty' }, registry) // { id: 'maintenance', changed: false }
 */
export function chooseScenario(
  asked: string | null,
  remembered: RememberedChoice | null,
  registry: ReadonlyMap<string, Scenario>,
): Choice {
  // What the stored records were created under: a choice never remembered is the default.
  const inUse = remembered?.id ?? 'default'
  let kept = remembered
  if (kept && !registry.has(kept.id)) {
    console.warn(
      `[artefact-mock] the remembered scenario ${JSON.stringify(kept.id)} is no longer defined; dropped (what was created under it is cleared). Known: ${[...registry.keys()].join(', ')}`,
    )
    kept = null
  }
  const fresh = asked !== null && (kept === null || asked !== kept.asked)
  const id = fresh ? asked : (kept?.id ?? 'default')
  // A link opened anew gives its state, even where the browser is in that scenario already.
  return { id, changed: fresh || id !== inUse }
}
