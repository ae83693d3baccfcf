/**
 * The admin paths of scenarios and the clock (contract §12): `GET /__mock/scenarios`,
 * `PUT /__mock/scenario` and `POST /__mock/clock`, each on the scope the request names.
 */
import * as z from 'zod/mini'
import type { MockControl } from '../mocks/index.ts'
import { ENGLISH } from '../mocks/internal.ts'
import { type Answer, jsonAnswer, problem } from './answer.ts'

const DAY_MS = 86_400_000
// Dates past year 9999 no longer fit the RFC 3339 dates the mock answers with.
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59)

const ScenarioChoice = z.strictObject({ id: z.string() })
const ClockAdvance = z.strictObject({ advanceMs: z.int().check(z.minimum(0), z.maximum(366 * DAY_MS)) })

const reasonOf = (error: z.core.$ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')

/** Every scenario the scope knows, built-in ones first, and the one it uses. */
export function scenarioList(control: MockControl): Answer {
  const active = control.scenario.id
  return jsonAnswer(200, {
    active,
    scenarios: control.scenarios.map((summary) => ({ ...summary, active: summary.id === active })),
  })
}

/**
 * The scenario `value` names (`{ "id": "<id>" }`), or the 400 that refuses it, naming the known
 * ids: an unknown id never falls back to another.
 */
export function scenarioChoice(control: MockControl, value: unknown): string | Answer {
  const choice = ScenarioChoice.safeParse(value, ENGLISH)
  const known = control.scenarios.map((scenario) => scenario.id)
  if (!choice.success)
    return problem(400, `scenario: ${reasonOf(choice.error)}; send {"id": "<id>"}, one of ${known.join(', ')}`)
  if (!known.includes(choice.data.id))
    return problem(
      400,
      `scenario: no scenario has the id ${JSON.stringify(choice.data.id.slice(0, 80))}; known: ${known.join(', ')}. Nothing was changed`,
    )
  return choice.data.id
}

/** Moves the scope's clock on by `{ "advanceMs": N }`, so a rate-limit window ends without waiting; null once done. */
export function advanceClock(control: MockControl, value: unknown): Answer | null {
  const advance = ClockAdvance.safeParse(value, ENGLISH)
  if (!advance.success)
    return problem(400, `clock: ${reasonOf(advance.error)}; send {"advanceMs": <whole ms, at most 366 days>}`)
  if (control.now() + advance.data.advanceMs > LAST_INSTANT)
    return problem(
      400,
      'clock: that would take the clock past the year 9999; reset (POST /__mock/reset) or drop the scope (DELETE /__mock/scope)',
    )
  control.clock.advance(advance.data.advanceMs)
  return null
}
