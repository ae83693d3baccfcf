/**
 * The reasons (`X-Mock-Reason`) that more than one place gives: the pipeline, the fallback and the
 * operations answer with them, and the explorer's forecast (`src/features/request-builder/preflight.ts`)
 * shows them before a request is sent. Each is worded here once.
 */
import { ERROR_STATUSES } from '../schemas/status-table.ts'

/** Paths are quoted up to this many characters, so a huge one cannot flood the reason. */
const PATH_MAX = 200

/**
 * The shared reasons, by what they report.
 * @example
 * errorResponse(503, REASONS.maintenance)
 */
export const REASONS = {
  maintenance: 'maintenance mode is on (mock control)',
  noResource: (pathname: string) =>
    `no resource at ${pathname.slice(0, PATH_MAX)} (paths are case-sensitive, with no trailing slash)`,
  notAllowed: (method: string, pathname: string, allow: string) =>
    `${method} is not allowed on ${pathname.slice(0, PATH_MAX)}; allowed: ${allow}`,
  forcedByPrefer: (status: number) => `forced by Prefer: code=${status}`,
  preferNotAnError: (code: string) =>
    `Prefer: code=${code} is not one of the spec's error statuses (${ERROR_STATUSES.join(', ')})`,
  forcedByControl: (status: number) => `forced by the mock control (next request: ${status})`,
  /** `used` counts the refused call too. */
  quotaUsedUp: (used: number, quota: number | null) =>
    `call volume quota used up: ${used} calls of ${quota} (mock control)`,
  rateLimited: (limit: { calls: number; windowSeconds: number } | null) =>
    `rate limit reached: more than ${limit?.calls} calls in ${limit?.windowSeconds} s (mock control)`,
  bodyOverLimit: (bytes: number, limit: number) => `body: ${bytes} bytes is over the limit of ${limit} bytes`,
  bodyNotJson: (error: unknown) => `body: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`,
  noArtefact: (id: string) => `id: no artefact has id ${id.toLowerCase()}`,
  nameTaken: (name: string, id: number) =>
    `name: ${JSON.stringify(name)} is taken by category ${id} (names are compared case-insensitively)`,
} as const
