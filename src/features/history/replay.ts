/**
 * Replay loads a past request into its operation's draft. A draft it replaces that was never
 * sent is work the history cannot give back, so it is stashed whole (body, isDraft, headers,
 * mode) for the builder to offer back; one already sent is in the history and is not.
 */
import { getBusState, openDraft } from '../../app/explorer-bus.ts'
import type { RequestDraft } from '../../app/model.ts'
import { sentDrafts } from './history-store.ts'

const sortKeys = (_key: string, value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value

/** A draft as text with its keys in one order and `advanced: false` as absent: equal texts send the same request. */
function canonical(draft: RequestDraft): string {
  const { advanced, ...rest } = draft
  return JSON.stringify({ ...rest, advanced: advanced === true }, sortKeys)
}

/** Loads `draft` into the builder; the unsent draft it replaces is stashed. */
export function replay(draft: RequestDraft): void {
  const current = getBusState().drafts[draft.operation]
  const text = current && canonical(current)
  const unsent =
    current !== undefined &&
    text !== canonical(draft) &&
    !sentDrafts(draft.operation).some((sent) => canonical(sent) === text)
  openDraft(draft, unsent ? current : null)
}
