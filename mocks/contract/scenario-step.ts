/**
 * Scenarios in the pipeline (contract §12): the state a request is answered from (its
 * `X-Mock-Scenario`, or the scope's), what that scenario answers in place of the mock, and the
 * `X-Mock-Scenario` header every answer carries.
 */
import type { MockControl } from '../control/control.ts'
import { UnknownScenario } from '../control/scenarios.ts'
import { errorResponse, quote } from './errors.ts'
import type { Incoming } from './incoming.ts'

/** The control that answers `request`: the one of the scenario its `X-Mock-Scenario` names, or the scope's. A 400 for an unknown id. */
export function controlFor(request: Pick<Incoming, 'header'>, control: MockControl): MockControl | Response {
  const id = request.header('X-Mock-Scenario')?.trim()
  if (!id) return control
  try {
    return control.forScenario(id)
  } catch (error) {
    if (!(error instanceof UnknownScenario)) throw error
    return labelled(
      errorResponse(400, `X-Mock-Scenario: no scenario has the id ${quote(id)}; known: ${error.known.join(', ')}`),
      control,
    )
  }
}

/** The answer with the id of the scenario that answered it, in `X-Mock-Scenario`. */
export function labelled(response: Response, control: MockControl): Response {
  try {
    response.headers.set('X-Mock-Scenario', control.scenario.id)
    return response
  } catch {
    // A scenario's own Response may have immutable headers (one from fetch): answer a copy.
    const copy = new Response(response.body, response)
    copy.headers.set('X-Mock-Scenario', control.scenario.id)
    return copy
  }
}
