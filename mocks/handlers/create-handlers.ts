import { http } from 'msw'
import { createControl, type MockControl, type MockControlOptions } from '../control/control.ts'
import type { Method, Operation } from '../contract/operation.ts'
import { OPERATIONS } from '../operations/registry.ts'
import { firstAnswer } from '../contract/answered-once.ts'
import { fallbackAnswer, fallbackHandler } from '../contract/fallback.ts'
import { fromRequest, type Incoming } from '../contract/incoming.ts'
import { type PipelineContext, runPipeline } from '../contract/pipeline.ts'
import { createRouter, createScope, type Route } from '../contract/router.ts'

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

const METHODS = { GET: http.get, POST: http.post } satisfies Record<Method, typeof http.get>

/** The registry's router, made once: every handler set of the registry shares it. */
const ROUTER = createRouter(OPERATIONS)

/**
 * What every handler of one set shares: the control, where it answers, and the router of its
 * registry (`OPERATIONS` unless a test hands another list, such as the registry with a fourth operation).
 */
export function contextFor(
  control: MockControl,
  baseUrl?: string,
  operations: readonly Operation[] = OPERATIONS,
): PipelineContext {
  return { control, scope: createScope(baseUrl), router: operations === OPERATIONS ? ROUTER : createRouter(operations) }
}

/** How one operation's handler answers: the operation itself, or another in its place (an override). */
export interface OperationHandlerSetup {
  /** The operation that answers a request instead (it gets the request before the mock reads it). */
  answering?: (request: Request) => Operation
  /** Answer one request only, then step aside (msw's `once`). */
  once?: boolean
}

/** A request's URL and route, as the first handler of a set to look at it found them. */
interface Routed {
  url: URL
  found: Route | null
}

/**
 * Per handler set, the requests routed so far: msw hands each handler of a set the same Request
 * in turn, and its resolver the same one again, so a request is parsed and routed once per set.
 */
const routedBySet = new WeakMap<PipelineContext, WeakMap<Request, Routed>>()

function routedOf(request: Request, context: PipelineContext): Routed {
  let routed = routedBySet.get(context)
  if (!routed) routedBySet.set(context, (routed = new WeakMap()))
  let seen = routed.get(request)
  if (!seen) {
    const url = new URL(request.url)
    const rest = context.scope.locate(url)
    seen = { url, found: rest === null ? null : context.router.route(rest) }
    routed.set(request, seen)
  }
  return seen
}

/** The msw handler of one operation: the exact path by predicate (decision 001), the contract's pipeline, then the operation. */
export function operationHandler(operation: Operation, context: PipelineContext, setup: OperationHandlerSetup = {}) {
  const predicate = ({ request }: { request: Request }) => {
    // msw matches the method after the predicate; told first, a GET skips the POST handlers' routing.
    if (request.method.toUpperCase() !== operation.method) return { matches: false, params: {} }
    const { found } = routedOf(request, context)
    return found?.operations.includes(operation)
      ? { matches: true, params: found.params }
      : { matches: false, params: {} }
  }
  const resolver = ({
    request,
    params,
  }: {
    request: Request
    params: Record<string, string | readonly string[] | undefined>
  }) =>
    // A request another server's pass already answered: the first answer stands (answered-once.ts).
    firstAnswer(request, context)
      ? runPipeline(
          setup.answering?.(request) ?? operation,
          fromRequest(request, routedOf(request, context).url),
          params as Record<string, string>,
          context,
        )
      : undefined
  return METHODS[operation.method](predicate, resolver, { once: setup.once ?? false })
}

/**
 * What `handlersFor(context)` answers under msw, without msw: the first operation
 * whose path and method match (msw compares methods case-insensitively), else the fallback; null
 * outside the scope. The HTTP mode serves its requests through this, skipping msw's per-request
 * clone and abort signal (docs/decisions/040-http-create-path.md).
 */
export function dispatcherFor(context: PipelineContext) {
  return (incoming: Incoming): Promise<Response> | null => {
    const rest = context.scope.locate(incoming.url)
    if (rest === null) return null
    const found = context.router.route(rest)
    const method = incoming.method.toUpperCase()
    const operation = found?.operations.find((candidate) => candidate.method === method)
    return found && operation
      ? runPipeline(operation, incoming, found.params, context)
      : fallbackAnswer(incoming, context)
  }
}

/**
 * The handlers of the context's registry: one per operation, then the fallback that answers
 * 404/405/OPTIONS under the prefix. `createHandlers` is this for `OPERATIONS`.
 */
export function handlersFor(context: PipelineContext) {
  return [
    ...context.router.operations.map((operation) => operationHandler(operation, context)),
    fallbackHandler(context),
  ]
}

/**
 * Creates the mock's MSW handlers: one per operation of the registry (`OPERATIONS`),
 * plus a fallback that answers 404/405 under the prefix.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createControl, createHandlers, createStore } from 'artefact-preview-mock'
 *
 * const control = createControl({ store: createStore() })
 * const server = setupServer(...createHandlers({ control, baseUrl: 'https://api.example.test' }))
 *
 * // Or start in a named state (contract §12): an unknown id throws, listing the known ones.
 * const emptyServer = setupServer(...createHandlers({ scenario: 'empty' }))
 */
export function createHandlers(options: HandlerOptions = {}) {
  const { baseUrl, control: given, store, now, scenario, scenarios, ...settings } = options
  if (given && (scenario !== undefined || scenarios !== undefined))
    throw new TypeError(
      '[artefact-mock] createHandlers: pass `scenario` and `scenarios` to createControl when you give a control (or call control.useScenario)',
    )
  const control =
    given ??
    createControl({
      ...settings,
      ...(store && { store }),
      ...(now && { now }),
      ...(scenario && { scenario }),
      ...(scenarios && { scenarios }),
    })
  if (given && Object.keys(settings).length > 0) given.set(settings)
  return handlersFor(contextFor(control, baseUrl))
}
