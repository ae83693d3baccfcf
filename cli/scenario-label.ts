/**
 * `X-Mock-Scenario` on the HTTP mode's own refusals (contract §12): once a request's scope is
 * known, what the server answers itself (a 400, 404, 408 or 500) names the scenario the mock
 * would have answered it in, as every answer of the mock does. A refusal made before
 * (backpressure, a bad target or Host, a refused `X-Mock-Scope`) has no scope, so no scenario,
 * to name.
 */
import type { IncomingMessage } from 'node:http'
import type { MockControl } from '../mocks/index.ts'
import type { Answer } from './answer.ts'

/** The scenario `req` is answered in: the one its `X-Mock-Scenario` names where that is known, else the scope's. */
function scenarioOf(req: IncomingMessage, control: MockControl): string {
  const raw = req.headers['x-mock-scenario']
  const asked = (Array.isArray(raw) ? raw.join(', ') : raw)?.trim()
  // An unknown id is the pipeline's 400, labelled with the scope's scenario: the same here.
  return asked && control.scenarios.some(({ id }) => id === asked) ? asked : control.scenario.id
}

/** `refusal` with `X-Mock-Scenario` naming the scenario `req` is answered in, in the scope of `control`. */
export function labelledRefusal(refusal: Answer, req: IncomingMessage, control: MockControl): Answer {
  return { ...refusal, headers: { ...refusal.headers, 'X-Mock-Scenario': scenarioOf(req, control) } }
}
