import { http, HttpResponse } from 'msw'
import { firstAnswer } from './answered-once.ts'
import { errorResponse } from './errors.ts'
import { fromRequest, type Incoming } from './incoming.ts'
import { applyLatency, maintenanceResponse, type PipelineContext } from './pipeline.ts'
import { REASONS } from './reasons.ts'
import { controlFor, labelled } from './scenario-step.ts'

/**
 * The answer to a request under the prefix that no operation took: 503 in maintenance,
 * 404 for an unknown path, 405 (or 204 for OPTIONS) for a known path with another method
 * (behaviour §2 step 1 to 3).
 */
export async function fallbackAnswer(
  request: Pick<Incoming, 'method' | 'url' | 'header'>,
  context: PipelineContext,
): Promise<Response> {
  const control = controlFor(request, context.control)
  if (control instanceof Response) return control
  return labelled(await answer(request, { ...context, control }), control)
}

async function answer(
  { method, url }: Pick<Incoming, 'method' | 'url'>,
  { control, scope, router }: PipelineContext,
): Promise<Response> {
  await control.store.serving
  await applyLatency(control)
  const maintenance = maintenanceResponse(control)
  if (maintenance) return maintenance
  const known = router.route(scope.locate(url) ?? '')
  if (!known) return errorResponse(404, REASONS.noResource(url.pathname))
  const { allow } = known
  if (method === 'OPTIONS') return new HttpResponse(null, { status: 204, headers: { Allow: allow } })
  return errorResponse(405, REASONS.notAllowed(method, url.pathname, allow), { Allow: allow })
}

/** Everything under the prefix that no operation took, as an msw handler (see `fallbackAnswer`). */
export function fallbackHandler(context: PipelineContext) {
  return http.all(
    ({ request }) => context.scope.locate(new URL(request.url)) !== null,
    ({ request }) => (firstAnswer(request, context) ? fallbackAnswer(fromRequest(request), context) : undefined),
  )
}
