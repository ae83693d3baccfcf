import * as z from 'zod/mini'
import type { MockControl } from '../control/control.ts'
import { ENGLISH } from '../schemas/english.ts'
import { createArtefact } from '../operations/create-artefact.ts'
import { createCategory } from '../operations/create-category.ts'
import { getArtefact } from '../operations/get-artefact.ts'
import type { Operation, OperationInput } from '../contract/operation.ts'
import { formatIssuePath } from '../schemas/helpers.ts'
import type { Artefact, CreateArtefactResponse, CreateCategoryResponse } from '../schemas/resources.ts'
import { contextFor, operationHandler } from './create-handlers.ts'
import { control } from './defaults.ts'

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

type Resolved = Response | undefined

function overriding<Body>(operation: Operation<string, Body>, override: Override<Body>, unread: Request): Operation {
  const { success } = operation
  const answer = (body: Body, make: OperationInput['json']) =>
    make(body, { status: success.status, headers: success.headers })
  if (typeof override !== 'function') return { ...operation, handle: async (input) => answer(override, input.json) }
  const respond = override as (info: OverrideInfo) => Body | Resolved | Promise<Body | Resolved>
  return {
    ...operation,
    async handle(input) {
      const given = await respond({ request: unread, params: input.params, body: input.body, control: input.control })
      if (given === undefined) return operation.handle(input)
      return given instanceof Response ? given : answer(given, input.json)
    },
  }
}

/** A wrong override body is the test author's mistake: say so when the handler is made, not as a 500 later. */
function checkedBody<Body>(operation: Operation<string, Body>, body: Body): Body {
  const result = z.safeParse(operation.success.schema, body, ENGLISH)
  if (result.success) return body
  const issue = result.error.issues[0]
  throw new TypeError(
    `[artefact-mock] ${operation.name}Handler: the override body does not fit the response schema (${formatIssuePath(issue?.path ?? []) || 'body'}: ${issue?.message})`,
  )
}

/** One operation's handler alone, answered by the override when there is one. */
function overridden<Body>(
  operation: Operation<string, Body>,
  override: Override<Body> | undefined,
  options: OperationHandlerOptions,
) {
  if (override !== undefined && typeof override !== 'function') checkedBody(operation, override)
  const answering =
    override === undefined
      ? undefined
      : (request: Request) =>
          overriding(operation, override, typeof override === 'function' ? request.clone() : request)
  const context = contextFor(options.control ?? control, options.baseUrl)
  return operationHandler(operation, context, { ...(answering && { answering }), once: options.once ?? false })
}

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
  return overridden(createArtefact, override, options)
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
  return overridden(createCategory, override, options)
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
  return overridden(getArtefact, override, options)
}
