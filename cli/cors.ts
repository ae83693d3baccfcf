/**
 * CORS in HTTP mode (docs/decisions/021-cors-in-http-mode.md): any page may call the mock's
 * own paths and read its headers; the admin paths answer no cross-origin request (admin.ts).
 */
import type { IncomingMessage } from 'node:http'
import type { Answer } from './answer.ts'

/** The headers a page on another origin may read from an answer on the mock's paths. */
export const EXPOSED = 'X-Mock-Reason, Retry-After, Allow, X-Artefact-Status, X-Mock-Scenario'
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const DEFAULT_HEADERS = 'Content-Type, Accept, Prefer, X-Mock-Scenario, X-Mock-Scope'

/** True for a CORS preflight: OPTIONS with `Access-Control-Request-Method`. */
export const isPreflight = (req: IncomingMessage) =>
  req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined

/** The answer to a preflight on the mock's paths. */
export function preflight(req: IncomingMessage): Answer {
  // Echo what the browser asks for (docs/decisions/021): the mock itself then answers 405, 415 and friends.
  const method = String(req.headers['access-control-request-method'])
  const asked = req.headers['access-control-request-headers'] ?? DEFAULT_HEADERS
  const headers = asked.split(',').every((name) => TOKEN.test(name.trim())) ? asked : DEFAULT_HEADERS
  return {
    status: 204,
    headers: {
      ...(TOKEN.test(method) && { 'Access-Control-Allow-Methods': method }),
      'Access-Control-Allow-Headers': headers,
      'Access-Control-Max-Age': '600',
    },
  }
}

/** The CORS headers an answer on the mock's paths carries (none on the admin paths). */
export function corsHeaders(req: IncomingMessage, isAdmin: boolean): Record<string, string> {
  if (isAdmin) return {}
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED,
  }
  if (req.headers.origin) headers.Vary = 'Origin'
  return headers
}
