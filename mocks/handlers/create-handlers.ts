import { http } from 'msw'
import type * as z from 'zod'
import { createControl, type MockControl, type MockControlOptions } from './control.ts'
import { createArtefact } from './handlers/create-artefact.ts'
import { createCategory } from './handlers/create-category.ts'
import { fallbackHandler } from './handlers/fallback.ts'
import { getArtefact } from './handlers/get-artefact.ts'
import { json, type Operation, type PipelineContext, runPipeline } from './handlers/pipeline.ts'
import { createScope, route } from './handlers/scope.ts'
import {
  Artefact,
  CreateArtefactResponse,
  CreateCategoryResponse,
  formatIssuePath,
} from './schemas.ts'

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

/** What an override function gets: the request as sent, and what the mock read from it. */
export interface OverrideInfo {
  /** The request, body unread (the mock read its own copy). */
  request: Request
  /** The path parameters: `{ id }` for getArtefact, `{}` for the creates. */
  params: Record<string, string>
  /** The JSON object a POST sent (not yet checked against the request schema); undefined for a GET. */
  body: Record<string, unknown> | undefined
  /** The control steering this handler. */
  control: MockControl
}

/**
 * An operation's answer instead of the mock's own: a body (sent with the
 * operation's success status and headers), or a function that returns a body,
 * a `Response`, or `undefined` to let the mock answer as usual.
 */
export type Override<Body> =
  | Body
  | ((info: OverrideInfo) => Body | Response | undefined | Promise<Body | Response | undefined>)

/** Where a per-operation handler answers and which control steers it. */
export interface OperationHandlerOptions {
  /** Answer only under this origin (and path), as in `createHandlers`; default: any origin. */
  baseUrl?: string
  /** The control whose settings and store apply; default: the default `control` (that of `handlers`). */
  control?: MockControl
  /** Answer one request only, then step aside (msw's `once`). */
  once?: boolean
}

/** How an operation answers with an override body. */
interface Success<Body> {
  schema: z.ZodType<Body>
  status: number
  headers: Record<string, string>
}

type Resolved = Response | undefined

function overriding<Body>(operation: Operation, success: Success<Body>, override: Override<Body>, unread: Request): Operation {
  const answer = (body: Body) => json(body, { status: success.status, headers: success.headers })
  if (typeof override !== 'function') return { ...operation, handle: async () => answer(override) }
  const respond = override as (info: OverrideInfo) => Body | Resolved | Promise<Body | Resolved>
  return {
    ...operation,
    async handle(input) {
      const given = await respond({ request: unread, params: input.params, body: input.body, control: input.control })
      if (given === undefined) return operation.handle(input)
      return given instanceof Response ? given : answer(given)
    },
  }
}

/** A wrong override body is the test author's mistake: say so when the handler is made, not as a 500 later. */
function checkedBody<Body>(operation: Operation, success: Success<Body>, body: Body): Body {
  const result = success.schema.safeParse(body)
  if (result.success) return body
  const issue = result.error.issues[0]
  throw new TypeError(
    `[artefact-mock] ${operation.name}Handler: the override body does not fit the response schema (${formatIssuePath(issue?.path ?? []) || 'body'}: ${issue?.message})`,
  )
}

function operationHandler<Body>(
  operation: Operation,
  context: PipelineContext,
  override?: { success: Success<Body>; value: Override<Body> },
  once = false,
) {
  if (override && typeof override.value !== 'function') checkedBody(operation, override.success, override.value)
  const predicate = ({ request }: { request: Request }) => {
    const rest = context.scope.locate(new URL(request.url))
    const found = rest === null ? null : route(rest)
    return found?.operation === operation.name
      ? { matches: true, params: found.params }
      : { matches: false, params: {} }
  }
  const resolver = ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
    const answering = override
      ? overriding(operation, override.success, override.value, typeof override.value === 'function' ? request.clone() : request)
      : operation
    return runPipeline(answering, request, params as Record<string, string>, context)
  }
  return operation.method === 'GET'
    ? http.get(predicate, resolver, { once })
    : http.post(predicate, resolver, { once })
}

function contextOf(options: OperationHandlerOptions): PipelineContext {
  return { control: options.control ?? control, scope: createScope(options.baseUrl) }
}

const SUCCESS = {
  createArtefact: { schema: CreateArtefactResponse, status: 200, headers: {} },
  createCategory: { schema: CreateCategoryResponse, status: 201, headers: {} },
  getArtefact: { schema: Artefact, status: 200, headers: { 'X-Artefact-Status': 'published' } },
} satisfies Record<Operation['name'], Success<unknown>>

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

/**
 * The handler of `POST /resources/artefact` alone, with the whole contract in front
 * (maintenance, forced statuses, quota, rate limit, 406, 415, 400). With an override,
 * the override answers instead of the schema check, the rules and the store: a
 * `CreateArtefactResponse` body (200), or a function returning a body, a `Response`,
 * or `undefined` for the usual answer.
 *
 * @example
 * server.use(createArtefactHandler({ responseId: '0a1e0001-5c0f-4a11-9c00-0000000000aa', hasErrors: false, errors: [] }))
 * server.use(createArtefactHandler(({ body }) => (body?.title === 'Boom' ? new Response(null, { status: 500 }) : undefined)))
 */
export function createArtefactHandler(
  override?: Override<CreateArtefactResponse>,
  options: OperationHandlerOptions = {},
) {
  const value = override === undefined ? undefined : { success: SUCCESS.createArtefact, value: override }
  return operationHandler(createArtefact, contextOf(options), value, options.once)
}

/**
 * The handler of `POST /resources/artefactcategory` alone, with the whole contract in
 * front. With an override, the override answers instead of the schema check and the
 * store: a `CreateCategoryResponse` body (201), or a function returning a body, a
 * `Response`, or `undefined` for the usual answer.
 *
 * @example
 * server.use(createCategoryHandler({ categoryId: 42, categoryName: 'Mobile apps' }))
 */
export function createCategoryHandler(
  override?: Override<CreateCategoryResponse>,
  options: OperationHandlerOptions = {},
) {
  const value = override === undefined ? undefined : { success: SUCCESS.createCategory, value: override }
  return operationHandler(createCategory, contextOf(options), value, options.once)
}

/**
 * The handler of `GET /resources/artefact/{id}` alone, with the whole contract in front
 * (maintenance, forced statuses, quota, rate limit, 406, 400 for an id that is not a
 * UUID). With an override, the override answers instead of the store lookup: an
 * `Artefact` body (200, `X-Artefact-Status: published`) for any id, or a function
 * returning a body, a `Response`, or `undefined` for the usual answer (404 included).
 *
 * @example
 * server.use(getArtefactHandler({ ...artefact, title: 'Renamed' }))
 * server.use(getArtefactHandler(({ params }) => (params.id === artefact.id ? artefact : undefined)))
 */
export function getArtefactHandler(override?: Override<Artefact>, options: OperationHandlerOptions = {}) {
  const value = override === undefined ? undefined : { success: SUCCESS.getArtefact, value: override }
  return operationHandler(getArtefact, contextOf(options), value, options.once)
}
