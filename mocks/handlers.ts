import { http } from 'msw'
import { createControl, type MockControl, type MockControlOptions } from './control.ts'
import { createArtefact } from './handlers/create-artefact.ts'
import { createCategory } from './handlers/create-category.ts'
import { fallbackHandler } from './handlers/fallback.ts'
import { getArtefact } from './handlers/get-artefact.ts'
import { type Operation, type PipelineContext, runPipeline } from './handlers/pipeline.ts'
import { route } from './handlers/scope.ts'
import { createScope } from './handlers/scope.ts'

export interface HandlerOptions extends MockControlOptions {
  /**
   * Answer only under this origin (and path), e.g. `https://api.example.test`
   * or `/api`; default: any origin.
   */
  baseUrl?: string
  /**
   * Steer the mock at run time through this control (its store is used and
   * any settings given here are applied to it); default: a new one.
   */
  control?: MockControl
}

function operationHandler(operation: Operation, context: PipelineContext) {
  const predicate = ({ request }: { request: Request }) => {
    const rest = context.scope.locate(new URL(request.url))
    const found = rest === null ? null : route(rest)
    return found?.operation === operation.name
      ? { matches: true, params: found.params }
      : { matches: false, params: {} }
  }
  const resolver = ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) =>
    runPipeline(operation, request, params as Record<string, string>, context)
  return operation.method === 'GET' ? http.get(predicate, resolver) : http.post(predicate, resolver)
}

/**
 * Creates the mock's MSW handlers: the three operations of the Artefact
 * preview service, plus a fallback that answers 404/405 under the prefix.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createControl, createHandlers, createStore } from 'artefact-preview-mock'
 *
 * const control = createControl({ store: createStore() })
 * const server = setupServer(...createHandlers({ control, baseUrl: 'https://api.example.test' }))
 */
export function createHandlers(options: HandlerOptions = {}) {
  const { baseUrl, control: given, store, now, ...settings } = options
  const control = given ?? createControl({ ...settings, ...(store && { store }), ...(now && { now }) })
  if (given && Object.keys(settings).length > 0) given.set(settings)
  const context: PipelineContext = { control, scope: createScope(baseUrl) }
  return [
    operationHandler(createArtefact, context),
    operationHandler(createCategory, context),
    operationHandler(getArtefact, context),
    fallbackHandler(context),
  ]
}

/**
 * The default control: it steers the default `handlers` and holds their
 * in-memory store.
 *
 * @example
 * afterEach(() => control.reset())
 */
export const control = createControl()

/**
 * The handlers with default settings, on any origin, steered by `control`.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { handlers } from 'artefact-preview-mock'
 *
 * const server = setupServer(...handlers)
 */
export const handlers = createHandlers({ control })
