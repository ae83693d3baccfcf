import type { MockControl } from '../control/control.ts'
import { StorageFailed } from '../store/types.ts'
import * as z from 'zod/mini'
import type { Operation } from './operation.ts'
import { REQUEST_MESSAGES } from '../schemas/english.ts'
import { type ErrorStatus, STATUS_TABLE } from '../schemas/status-table.ts'
import { errorResponse } from './errors.ts'
import { controlFor, labelled } from './scenario-step.ts'
import type { Incoming } from './incoming.ts'
import { jsonResponse, jsonTextResponse } from './json-response.ts'
import { isFetchStringLabel, judgeAccept, judgeContentType, judgePrefer } from './negotiation.ts'
import { judgeBody } from './body.ts'
import { REASONS } from './reasons.ts'
import type { Router, Scope } from './router.ts'
import { formatIssuePath } from '../schemas/helpers.ts'

export interface PipelineContext {
  control: MockControl
  scope: Scope
  router: Router
  /** The successes carry their JSON text beside a Response without a body (the HTTP mode, which writes that text). */
  textOnly?: boolean
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits as the latency setting says, once per request. */
export async function applyLatency(control: MockControl): Promise<void> {
  const latency = control.settings.latency
  if (latency.mode === 'fixed') await sleep(latency.ms)
  if (latency.mode === 'range') await sleep(latency.minMs + Math.random() * (latency.maxMs - latency.minMs))
}

/** Step 1, shared with the fallback: maintenance answers everything 503. */
export function maintenanceResponse(control: MockControl): Response | null {
  const { maintenance, retryAfterSeconds } = control.settings
  if (!maintenance) return null
  return errorResponse(503, REASONS.maintenance, { 'Retry-After': String(retryAfterSeconds) })
}

/** The headers a status brings with it, forced or not (the status table's `headers`). */
function statusHeaders(status: ErrorStatus, allow: string, control: MockControl): Record<string, string> {
  const value = {
    Allow: () => allow,
    'Retry-After': () => String(status === 429 ? control.retryAfterForRateLimit() : control.settings.retryAfterSeconds),
  }
  return Object.fromEntries(STATUS_TABLE[status].headers.map((name) => [name, value[name]()]))
}

/** Step 4: `Prefer: code=<status>`, or a status forced from the control. */
function forcedResponse(request: Incoming, allow: string, control: MockControl): Response | null {
  const preferred = judgePrefer(request.header('Prefer'))
  if (preferred)
    return errorResponse(preferred.status, preferred.reason, statusHeaders(preferred.status, allow, control))
  const forced = control.takeForced()
  if (forced === null) return null
  return errorResponse(forced, REASONS.forcedByControl(forced), statusHeaders(forced, allow, control))
}

/**
 * Step 9 for any request: a declared `Content-Length` over the size limit is 400 (contract §4),
 * whether or not the operation reads a body (a GET with one reaches the HTTP mode).
 */
function declaredOverLimit(request: Incoming, limit: number): Response | null {
  const declared = Number(request.header('Content-Length') ?? NaN)
  return declared > limit ? errorResponse(400, REASONS.bodyOverLimit(declared, limit)) : null
}

/**
 * Step 8: 415 for a body that is not `application/json`. A body labelled as fetch labels a string
 * (`text/plain;charset=UTF-8`) is read, within the size limit, so the reason can say it was JSON.
 */
async function contentTypeRefusal(request: Incoming, limit: number): Promise<Response | null> {
  const header = request.header('Content-Type')
  let verdict = judgeContentType(header)
  if (verdict.ok) return null
  if (isFetchStringLabel(header) && !declaredOverLimit(request, limit)) {
    const bytes = await request.bytes()
    if (bytes.byteLength <= limit) verdict = judgeContentType(header, new TextDecoder().decode(bytes))
  }
  return errorResponse(415, verdict.ok ? 'Content-Type: not application/json' : verdict.reason)
}

/** Step 9 for a body: present, within the size limit, UTF-8, JSON, an object. */
async function readJsonObject(request: Incoming, limit: number): Promise<Record<string, unknown>> {
  const overLimit = declaredOverLimit(request, limit)
  if (overLimit) throw overLimit
  const verdict = judgeBody(await request.bytes(), limit)
  if (!verdict.ok) throw errorResponse(400, verdict.reason)
  return verdict.value
}

/** Step 10: parses a body with a request schema, or throws 422 naming the fields. */
export function parseBody<T extends z.core.$ZodType>(schema: T, body: unknown): z.output<T> {
  const result = z.safeParse(schema, body, REQUEST_MESSAGES)
  if (result.success) return result.data
  const issues = result.error.issues
  const listed = issues.slice(0, 3).map((issue) => `${formatIssuePath(issue.path) || 'body'}: ${issue.message}`)
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''
  throw errorResponse(422, `${listed.join('; ')}${more}`)
}

/**
 * Runs one request through behaviour §2's order of checks (steps 1 and 4 to 9),
 * then hands it to the operation, in the state of its scenario (contract §12). Every
 * outcome is a Response, labelled with `X-Mock-Scenario`.
 */
export async function runPipeline(
  operation: Operation,
  request: Incoming,
  params: Record<string, string>,
  context: PipelineContext,
): Promise<Response> {
  const control = controlFor(request, context.control)
  if (control instanceof Response) return control
  return labelled(await runSteps(operation, request, params, { ...context, control }), control)
}

/** Step 4, after a forced status: what the scenario in use answers in the mock's place, if anything. */
function scenarioResponse(
  operation: Operation,
  request: Incoming,
  allow: string,
  control: MockControl,
): Response | null {
  const answer = control.scenarioAnswer(operation.name, () => request.request)
  if (answer === 'mock') return null
  if (answer instanceof Response) return answer
  const reason = answer.reason ?? `the ${control.scenario.id} scenario answers ${operation.name} ${answer.status}`
  return errorResponse(answer.status, reason, statusHeaders(answer.status, allow, control))
}

async function runSteps(
  operation: Operation,
  request: Incoming,
  params: Record<string, string>,
  { control, scope, router, textOnly = false }: PipelineContext,
): Promise<Response> {
  await control.store.serving
  await applyLatency(control)
  try {
    const allow = router.allowOf(operation)
    const early =
      maintenanceResponse(control) ??
      forcedResponse(request, allow, control) ??
      scenarioResponse(operation, request, allow, control)
    if (early) return early
    const verdict = control.countCall()
    if (!verdict.ok && verdict.status === 403) {
      return errorResponse(403, REASONS.quotaUsedUp(control.getSnapshot().quotaUsed, control.settings.quota))
    }
    if (!verdict.ok) {
      return errorResponse(429, REASONS.rateLimited(control.settings.rateLimit), {
        'Retry-After': String(verdict.retryAfter),
      })
    }
    const accept = judgeAccept(request.header('Accept'))
    if (!accept.ok) return errorResponse(406, accept.reason)
    // Only an operation that takes a body reads Content-Type (behaviour §2 step 8 and 9).
    const readsBody = operation.request !== null
    if (readsBody) {
      const refused = await contentTypeRefusal(request, control.settings.bodyLimitBytes)
      if (refused) return refused
    }
    const { url } = request
    const malformed = operation.malformed?.({ url, params })
    if (malformed) return errorResponse(400, malformed)
    const limit = control.settings.bodyLimitBytes
    let body: Record<string, unknown> | undefined
    if (readsBody) {
      body = await readJsonObject(request, limit)
    } else {
      const overLimit = declaredOverLimit(request, limit)
      if (overLimit) return overLimit
    }
    const answer = await operation.handle({
      get request() {
        return request.request
      },
      url,
      params,
      body,
      control,
      scope,
      json: textOnly ? jsonTextResponse : jsonResponse,
    })
    if (readsBody && control.store.mode === 'unsaved' && answer.ok) {
      answer.headers.set(
        'X-Mock-Storage',
        'not saved: storage could not be opened; this record lives in memory until reload',
      )
    }
    return answer
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    // Nothing was stored: say so with the spec's 503 rather than answer a create that a reload would lose.
    if (thrown instanceof StorageFailed) {
      return errorResponse(503, `storage: ${thrown.message}`, {
        'Retry-After': String(control.settings.retryAfterSeconds),
      })
    }
    throw thrown
  }
}
