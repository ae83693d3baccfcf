/**
 * What the mock will answer, worked out before sending, with the mock's own
 * code: its router, negotiation and Prefer reading (`judgeAccept`,
 * `judgeContentType`, `judgePrefer`), the operation's `malformed` check, its
 * body reading (`judgeBody`) and `parseBody` with the request schema, the
 * data-set rules (`checkRules`, the store's lookups), and its reasons
 * (`REASONS`). Findings come in the contract's order, so the first one is the
 * expected answer.
 */
import {
  type CategoryLookup,
  checkRules,
  type ControlSnapshot,
  type CreateArtefactInput,
  type CreateCategoryRequest,
  judgeAccept,
  judgeBody,
  judgeContentType,
  judgePrefer,
  parseBody,
  REASONS,
  type RecordSummary,
} from '#mocks/internal.ts'
import type { OperationId } from '../../app/model.ts'
import { operationInfo } from '../operations/catalogue.ts'
import type { PlannedRequest } from './build-request.ts'
import { routeOf } from './free-request.ts'

export interface Finding {
  status: number
  /** Where the builder shows it: 'mock', 'path', 'method', 'Prefer', 'Accept', 'Content-Type', a query or path parameter, 'body'. */
  field: string
  /** The mock's reason, as its X-Mock-Reason (or the hasErrors sentence) would give it. */
  message: string
  /** The body path it names, e.g. `category.id`, for the editor to point at. */
  bodyPath?: string
  /** A 200 that reports the problem in its body (hasErrors) and stores nothing. */
  inBody?: boolean
}

export interface Forecast {
  findings: Finding[]
  /** The answer to expect: the first finding's, else the success. */
  status: number
  inBody: boolean
  /** The operation the mock routes the request to; null for a 404, 405 or OPTIONS. */
  operation: OperationId | null
}

export interface Lookup extends CategoryLookup {
  getSummary(id: string): RecordSummary | undefined
}

export interface PreflightContext {
  store: Lookup
  control: ControlSnapshot
  now: number
}

type DataCheck = (input: unknown, params: Record<string, string>, store: Lookup) => Finding[]

/** Steps 11 and 12: what an operation checks against the stored data. */
const DATA_CHECKS: { [K in OperationId]?: DataCheck } = {
  getArtefact: (_input, { id = '' }, store) =>
    store.getSummary(id) ? [] : [{ status: 404, field: 'id', message: REASONS.noArtefact(id) }],
  createCategory: (input, _params, store) => {
    const { name } = input as CreateCategoryRequest
    const taken = store.findCategoryByName(name)
    return taken ? [{ status: 422, field: 'body', bodyPath: 'name', message: REASONS.nameTaken(name, taken.id) }] : []
  },
  createArtefact: (input, _params, store) =>
    checkRules(input as CreateArtefactInput, store).errors.map((message) => ({
      status: 200,
      field: 'body',
      bodyPath: message.slice(0, message.indexOf(':')),
      message,
      inBody: true,
    })),
}

function headersOf(plan: PlannedRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of plan.headers) {
    try {
      headers.append(name, value)
    } catch {
      // fetch would refuse it too; the builder says so beside the header.
    }
  }
  return headers
}

/** Steps 1 and 4 to 6: the mock's settings and the forced statuses. */
function conditionFindings(headers: Headers, { control, now }: PreflightContext): Finding[] {
  const findings: Finding[] = []
  const preferred = judgePrefer(headers.get('Prefer'))
  if (preferred) findings.push({ status: preferred.status, field: 'Prefer', message: preferred.reason })
  if (control.forcedNext !== null)
    findings.push({ status: control.forcedNext, field: 'mock', message: REASONS.forcedByControl(control.forcedNext) })
  const { quota, rateLimit } = control.settings
  // The mock counts the call before it refuses it, and names the count with it.
  if (quota !== null && control.quotaUsed >= quota)
    findings.push({ status: 403, field: 'mock', message: REASONS.quotaUsedUp(control.quotaUsed + 1, quota) })
  const window = control.rateWindow
  if (rateLimit && window && window.endsAt > now && window.calls >= rateLimit.calls)
    findings.push({ status: 429, field: 'mock', message: REASONS.rateLimited(rateLimit) })
  return findings
}

/** Step 10 with the mock's parseBody: the parsed input, or its 422 reason. */
function parseWithMock(
  schema: Parameters<typeof parseBody>[0],
  body: unknown,
): { input: unknown } | { reason: string } {
  try {
    return { input: parseBody(schema, body) }
  } catch (thrown) {
    if (thrown instanceof Response)
      return { reason: thrown.headers.get('X-Mock-Reason') ?? 'the body does not fit the request schema' }
    throw thrown
  }
}

function operationFindings(
  operation: OperationId,
  plan: PlannedRequest,
  params: Record<string, string>,
  headers: Headers,
  context: PreflightContext,
): Finding[] {
  const info = operationInfo(operation)
  const findings: Finding[] = []
  const accept = judgeAccept(headers.get('Accept'))
  if (!accept.ok) findings.push({ status: 406, field: 'Accept', message: accept.reason })
  if (info.requestSchema) {
    // The body too: a JSON body labelled as fetch labels a string gets the reason that names the habit.
    const contentType = judgeContentType(headers.get('Content-Type'), plan.body ?? undefined)
    if (!contentType.ok) findings.push({ status: 415, field: 'Content-Type', message: contentType.reason })
  }
  const malformed = info.malformed?.({ url: new URL(plan.url), params })
  if (malformed) findings.push({ status: 400, field: malformed.slice(0, malformed.indexOf(':')), message: malformed })
  let input: unknown
  if (info.requestSchema) {
    const body = judgeBody(new TextEncoder().encode(plan.body ?? ''), context.control.settings.bodyLimitBytes)
    if (!body.ok) return [...findings, { status: 400, field: 'body', message: body.reason }]
    const parsed = parseWithMock(info.requestSchema, body.value)
    if ('reason' in parsed) return [...findings, { status: 422, field: 'body', message: parsed.reason }]
    input = parsed.input
  }
  if (malformed) return findings
  return [...findings, ...(DATA_CHECKS[operation]?.(input, params, context.store) ?? [])]
}

/** Works out, in the contract's order, what the mock will answer `plan`. */
export function preflight(plan: PlannedRequest, context: PreflightContext): Forecast {
  const route = routeOf(plan.method, plan.url)
  const findings: Finding[] = []
  if (context.control.settings.maintenance) findings.push({ status: 503, field: 'mock', message: REASONS.maintenance })
  const headers = headersOf(plan)
  let operation: OperationId | null = null
  let success = 204
  const { pathname } = new URL(plan.url)
  if (route.kind === 'unknown' || route.kind === 'outside') {
    findings.push({ status: 404, field: 'path', message: REASONS.noResource(pathname) })
  } else if (route.kind === 'not-allowed') {
    findings.push({ status: 405, field: 'method', message: REASONS.notAllowed(plan.method, pathname, route.allow) })
  } else if (route.kind === 'operation') {
    operation = route.operation
    success = operationInfo(operation).successStatus
    findings.push(
      ...conditionFindings(headers, context),
      ...operationFindings(operation, plan, route.params, headers, context),
    )
  }
  const first = findings[0]
  return { findings, status: first?.status ?? success, inBody: first?.inBody ?? false, operation }
}
