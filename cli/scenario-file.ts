/**
 * `serve --scenarios FILE`: a user's own scenarios (contract §12), from an ES module whose default
 * export, or its export `scenarios`, is an array of `defineScenario(...)`.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createControl, type Scenario, UnknownScenario } from '../mocks/index.ts'

/** What is wrong with --scenarios or --scenario, in words for the terminal (serve exits 2). */
export class ScenarioFileError extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Imports `file` (relative to the working directory) and returns its scenarios, checked for their shape only. */
async function loadScenarioFile(file: string): Promise<Scenario[]> {
  let module: Record<string, unknown>
  try {
    module = await import(pathToFileURL(resolve(file)).href)
  } catch (error) {
    throw new ScenarioFileError(`--scenarios ${file}: cannot load it: ${messageOf(error).split('\n')[0]}`)
  }
  const list = module.default ?? module.scenarios
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'object' && item !== null))
    throw new ScenarioFileError(
      `--scenarios ${file}: export an array of defineScenario(...) as the default export or as "scenarios"`,
    )
  return list as Scenario[]
}

/**
 * The scenarios of `--scenarios FILE` and the id of `--scenario`, checked as the control checks
 * them (`defineScenario`, ids unique, the id known); anything wrong throws a `ScenarioFileError`.
 * @example
 * const { scenarios, scenario } = await chooseScenario('mock-scenarios.js', 'new-customer')
 */
export async function chooseScenario(
  file: string | undefined,
  id = 'default',
): Promise<{ scenarios: Scenario[]; scenario: string }> {
  const scenarios = file === undefined ? [] : await loadScenarioFile(file)
  try {
    // Made and dropped: the server's own control is made once its data file is open.
    createControl({ scenarios, scenario: id })
  } catch (error) {
    if (error instanceof UnknownScenario)
      throw new ScenarioFileError(
        `--scenario: no scenario has the id ${JSON.stringify(id)}; known: ${error.known.join(', ')}`,
      )
    if (error instanceof TypeError)
      throw new ScenarioFileError(`--scenarios ${file}: ${messageOf(error).replace('[artefact-mock] ', '')}`)
    throw error
  }
  return { scenarios, scenario: id }
}
