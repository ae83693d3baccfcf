import type { HeaderChoice, RequestDraft } from '../../app/explorer-bus.ts'
import { PREFIX } from '#mocks/handlers/router.ts'
import { operationInfo } from '../operations/catalogue.ts'

/** Marks every request the explorer sends, so the network log can tell them from the page's. */
export const EXPLORER_HEADER = 'X-Artefact-Explorer'

// Keeps & and = so a raw value such as `true&isDraft=false` reaches the mock as typed; # would end the URL.
const encodeRaw = (value: string) => encodeURI(value).replace(/#/g, '%23')

/** The path and query the draft addresses, e.g. `/v3/preview-upcoming/resources/artefact?isDraft=true`. */
export function draftPath(draft: RequestDraft): string {
  const info = operationInfo(draft.operation)
  const path = `${PREFIX}${info.path.replace('{id}', encodeURIComponent(draft.id))}`
  if (!info.query.includes('isDraft') || draft.isDraft.mode === 'omit') return path
  return `${path}?isDraft=${encodeRaw(draft.isDraft.value)}`
}

const chosen = (choice: HeaderChoice): string | null => (choice.mode === 'value' ? choice.value : null)

/** The headers the draft sends, in the order shown; omitted choices are really absent. */
export function draftHeaders(draft: RequestDraft): Array<[string, string]> {
  const takesBody = operationInfo(draft.operation).requestSchema !== null
  const headers: Array<[string, string]> = []
  const accept = chosen(draft.accept)
  const contentType = takesBody ? chosen(draft.contentType) : null
  const prefer = chosen(draft.prefer)
  if (accept !== null) headers.push(['Accept', accept])
  if (contentType !== null) headers.push(['Content-Type', contentType])
  if (prefer !== null) headers.push(['Prefer', prefer])
  return headers
}

/**
 * Builds the Request a draft describes. The body goes as bytes: a string body
 * would make fetch add `Content-Type: text/plain`, so "omitted" would not be.
 */
export function buildRequest(draft: RequestDraft, origin: string): Request {
  const info = operationInfo(draft.operation)
  const headers = new Headers(draftHeaders(draft))
  headers.set(EXPLORER_HEADER, '1')
  return new Request(new URL(draftPath(draft), origin), {
    method: info.method,
    headers,
    body: info.requestSchema !== null ? new TextEncoder().encode(draft.body) : null,
  })
}
