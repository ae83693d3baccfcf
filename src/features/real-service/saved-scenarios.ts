/**
 * "Save as scenario override" (contract §13): a real answer that passes the schema check becomes
 * a scenario of the user's own, whose override for that operation answers the recorded status
 * and body. Kept in localStorage; what is read back is validated with the schema below and
 * checked again by the drift checker, so only a clean answer ever becomes a scenario.
 */
import * as z from 'zod'
import { checkExchange, type MockControl } from '#mocks/internal.ts'
import type { Scenario } from '#mocks/browser.ts'
import { OperationId } from '../../app/model.ts'
import type { KeyValueStorage } from '../mock-controls/settings-storage.ts'
import type { RealAnswer } from './real-service.ts'

export const SAVED_SCENARIOS_KEY = 'artefact-mock:saved-scenarios'
/** A recorded body larger than this is not saved: localStorage holds a few MB for the whole origin. */
export const SAVED_BODY_MAX = 256 * 1024
const SAVED_MAX = 20

/** One saved scenario as stored: plain data, turned into a Scenario by `scenarioOfSaved`. */
export const SavedScenario = z.object({
  id: z.string().regex(/^recorded-[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string().min(1).max(120),
  description: z.string().min(1).max(600),
  operation: OperationId,
  /** The request the answer was recorded from: method, real URL, and the spec's path it asked for. */
  method: z.string().max(10),
  url: z.string().max(2048),
  path: z.string().max(2048).startsWith('/'),
  at: z.number(),
  status: z.int().min(200).max(599),
  contentType: z.string().max(200).nullable(),
  body: z.string().max(SAVED_BODY_MAX),
})
export type SavedScenario = z.infer<typeof SavedScenario>

/** Why this answer cannot be saved as a scenario override, or null when it can. */
export function whyNotSaved(answer: RealAnswer): string | null {
  if (answer.failure !== null || answer.status === null) return 'No answer came: there is nothing to save.'
  if (answer.findings.length > 0)
    return `It has ${answer.findings.length === 1 ? 'a finding' : `${answer.findings.length} findings`}: only an answer that passes the schema check can become a scenario.`
  if (answer.body.length > SAVED_BODY_MAX)
    return `Its body is over ${SAVED_BODY_MAX / 1024} KB, too large to keep here.`
  return null
}

/** The drift checker's verdict on a stored answer: a stored one is saved again only when clean. */
const passes = (saved: SavedScenario) =>
  checkExchange({
    method: saved.method,
    url: saved.path,
    status: saved.status,
    contentType: saved.contentType,
    body: saved.body,
  }).length === 0

/** The saved scenarios in storage; an entry that no longer validates (or passes the check) is dropped. */
export function readSavedScenarios(storage: KeyValueStorage | null): SavedScenario[] {
  const raw = storage?.getItem(SAVED_SCENARIOS_KEY)
  if (!storage || raw == null) return []
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    value = null
  }
  const list = Array.isArray(value) ? value.slice(0, SAVED_MAX) : []
  const kept = list.flatMap((item) => {
    const parsed = SavedScenario.safeParse(item)
    return parsed.success && passes(parsed.data) ? [parsed.data] : []
  })
  const unique = [...new Map(kept.map((saved) => [saved.id, saved])).values()]
  if (unique.length !== (Array.isArray(value) ? value.length : -1)) {
    console.warn(`[artefact-mock] ${SAVED_SCENARIOS_KEY}: dropped what did not validate; kept ${unique.length}`)
    writeSaved(storage, unique)
  }
  return unique
}

function writeSaved(storage: KeyValueStorage | null, saved: readonly SavedScenario[]): boolean {
  try {
    if (saved.length === 0) storage?.removeItem(SAVED_SCENARIOS_KEY)
    else storage?.setItem(SAVED_SCENARIOS_KEY, JSON.stringify(saved))
    return storage !== null
  } catch {
    return false
  }
}

/** The scenario a saved answer stands for: its operation answers the recorded status and body on every call. */
export function scenarioOfSaved(saved: SavedScenario): Scenario {
  return {
    id: saved.id,
    title: saved.title,
    description: saved.description,
    overrides: {
      [saved.operation]: () =>
        new Response(saved.status === 204 ? null : saved.body, {
          status: saved.status,
          headers: saved.contentType ? { 'Content-Type': saved.contentType } : {},
        }),
    },
  }
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

/** A saved scenario for a clean answer: an id of its own, a title and a description that say where it came from. */
export function savedOf(answer: RealAnswer, taken: ReadonlySet<string>): SavedScenario {
  const stem = `recorded-${kebab(answer.operation)}`
  let n = 1
  while (taken.has(`${stem}-${n}`)) n += 1
  const path = answer.path.split('?')[0]
  return {
    id: `${stem}-${n}`,
    title: `Recorded ${answer.operation} ${answer.status} #${n}`,
    description: `${answer.operation} answers the ${answer.status} the real service gave to ${answer.method} ${path} at ${TIME.format(answer.at)} (any id); the rest as the mock.`,
    operation: answer.operation,
    method: answer.method,
    url: answer.url,
    path: answer.path,
    at: answer.at,
    status: answer.status ?? 0,
    contentType: answer.contentType,
    body: answer.body,
  }
}

type ScenarioControl = Pick<MockControl, 'addScenario' | 'removeScenario' | 'scenarios'>

/** Adds the stored scenarios the control does not know yet (the explorer gave them at start already). */
export function installSavedScenarios(control: ScenarioControl, storage: KeyValueStorage | null): SavedScenario[] {
  const saved = readSavedScenarios(storage)
  const known = new Set(control.scenarios.map((scenario) => scenario.id))
  for (const one of saved) if (!known.has(one.id)) control.addScenario(scenarioOfSaved(one))
  return saved
}

/** Saves a clean answer as a scenario and adds it to the control; returns it, or why it was not saved. */
export function saveAnswer(
  control: ScenarioControl,
  storage: KeyValueStorage | null,
  answer: RealAnswer,
): { ok: true; saved: SavedScenario } | { ok: false; reason: string } {
  const why = whyNotSaved(answer)
  if (why) return { ok: false, reason: why }
  const stored = readSavedScenarios(storage)
  if (stored.length >= SAVED_MAX)
    return { ok: false, reason: `${SAVED_MAX} saved scenarios are the most kept: remove one first.` }
  const saved = savedOf(answer, new Set(control.scenarios.map((scenario) => scenario.id)))
  if (!writeSaved(storage, [...stored, saved]))
    return { ok: false, reason: 'The browser’s storage refused it (full or blocked).' }
  control.addScenario(scenarioOfSaved(saved))
  return { ok: true, saved }
}

/** Removes a saved scenario from storage and from the control (the one in use goes back to default first). */
export async function removeSaved(
  control: ScenarioControl,
  storage: KeyValueStorage | null,
  id: string,
): Promise<void> {
  writeSaved(
    storage,
    readSavedScenarios(storage).filter((saved) => saved.id !== id),
  )
  if (control.scenarios.some((scenario) => scenario.id === id)) await control.removeScenario(id)
}
