import { defineScenario as define, type Scenario } from '../control/scenarios.ts'
import type { OperationName } from '../operations/registry.ts'

/**
 * Defines a named state of the mock (contract §12), typed against the operation names: an
 * override key that names no operation (or `'*'`, every operation) is a type error. Hand it to
 * `createHandlers({ scenarios })`, `createControl({ scenarios })`, `startMockWorker({ scenarios })`
 * or `serve --scenarios <file>`.
 *
 * @example
 * const retryOnce = defineScenario({
 *   id: 'retry-once',
 *   title: 'Retry once',
 *   description: 'The first read of an artefact is 503; the next ones answer as the mock does.',
 *   overrides: { getArtefact: [{ status: 503 }, 'mock'] },
 * })
 * const handlers = createHandlers({ scenarios: [retryOnce], scenario: 'retry-once' })
 */
export function defineScenario(scenario: Scenario<OperationName>): Scenario<OperationName> {
  return define(scenario)
}
