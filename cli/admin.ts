/**
 * The admin paths `/__mock/*` (read state, change settings, reset, force, scenarios, the clock,
 * drop a scope, the drift report), each on the scope `X-Mock-Scope` names (the shared one without it), and their guard:
 * local tools only. A request from a web page (an `Origin` or `Sec-Fetch-Site` of another
 * site), a write that is not `application/json` (a form), or one without the token when a
 * token is set, is refused before anything runs. See docs/decisions/031-http-mode-admin-guard.md.
 */
import type { IncomingMessage } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import * as z from 'zod/mini'
import { ENGLISH } from '../mocks/internal.ts'
import { type MockControl, MockSettings, StorageFailed } from '../mocks/index.ts'
import { advanceClock, scenarioChoice, scenarioList } from './admin-scenarios.ts'
import { type Answer, jsonAnswer, problem } from './answer.ts'
import { BODY_LIMIT_CEILING } from './limits.ts'
import { isRefusal, refuseName, type Scope, type Scopes } from './scopes.ts'

/** The admin paths, beside the mock's own. */
export const ADMIN_PREFIX = '/__mock'

const ALLOW: Record<string, string> = {
  state: 'GET',
  settings: 'PATCH',
  reset: 'POST',
  force: 'POST',
  scenarios: 'GET',
  scenario: 'PUT',
  clock: 'POST',
  scope: 'DELETE',
  drift: 'GET',
}
const NEEDS_BODY = new Set(['settings', 'force', 'scenario', 'clock'])
const PATHS = Object.keys(ALLOW).join(', ')

/** The settings an admin PATCH may change, with the HTTP mode's ceilings on top of the control's own. */
const SettingsPatch = z.strictObject(z.partial(MockSettings).shape).check(
  z.refine((patch) => patch.bodyLimitBytes === undefined || patch.bodyLimitBytes <= BODY_LIMIT_CEILING, {
    message: `must be at most ${BODY_LIMIT_CEILING} (16 MiB) in HTTP mode`,
    path: ['bodyLimitBytes'],
  }),
)

const forbidden = (reason: string) => problem(403, reason, { message: 'Forbidden' })
const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

export interface AdminOptions {
  scopes: Scopes
  /** When set, every admin request must carry `Authorization: Bearer <token>`. */
  token?: string | undefined
  /** The drift report (`GET /__mock/drift`): the server's, whatever the scope. */
  drift?: () => unknown
}

/** Runs a change that resets the store: on a data file that cannot be written, 503 and nothing changed. */
async function storing(control: MockControl, change: () => Promise<void>): Promise<Answer | null> {
  try {
    await change()
    return null
  } catch (error) {
    if (!(error instanceof StorageFailed)) throw error
    const reason = control.store.getSnapshot().health.lastError ?? error.message
    return problem(503, `storage: ${reason}; nothing was changed`, {
      headers: { 'Retry-After': String(control.settings.retryAfterSeconds) },
    })
  }
}

/** The admin paths of one server. */
export function createAdmin({ scopes, token, drift }: AdminOptions) {
  const expected = token === undefined ? null : Buffer.from(token)
  // The store's health: where creates go, the records skipped on load, the last failure (decision 032).
  const state = ({ name, served }: Scope, extra: Record<string, unknown> = {}) => {
    const { control } = served
    return jsonAnswer(200, {
      scope: name,
      ...control.getSnapshot(),
      ...extra,
      store: served.usage(),
      health: control.store.getSnapshot().health,
      scopes: scopes.list(),
    })
  }

  /** The guard, before the body is read: null lets the request through. `ownOrigin` is `http://` + the checked Host. */
  function refuse(req: IncomingMessage, name: string, ownOrigin: string): Answer | null {
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      return forbidden('the admin paths answer no cross-origin requests (preflight refused)')
    }
    const origin = header(req, 'origin')
    if (origin !== undefined && origin !== ownOrigin) {
      return forbidden(
        `a web page (Origin: ${origin.slice(0, 80)}) may not use the admin paths; call them from a tool (curl, a test) or from code`,
      )
    }
    const site = header(req, 'sec-fetch-site')
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return forbidden(`a ${site.slice(0, 20)} request from a browser may not use the admin paths`)
    }
    if (expected) {
      const given = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1]
      const buffer = Buffer.from(given ?? '')
      if (buffer.length !== expected.length || !timingSafeEqual(buffer, expected)) {
        return problem(
          401,
          `admin paths need Authorization: Bearer <token> (the token serve printed, or --admin-token)${given ? '; this token is wrong' : ''}`,
          {
            message: 'Unauthorized',
            headers: { 'WWW-Authenticate': 'Bearer realm="artefact-preview-mock admin"' },
          },
        )
      }
    }
    const allow = ALLOW[name]
    if (!allow) return problem(404, `no admin path ${ADMIN_PREFIX}/${name.slice(0, 60)}; try ${PATHS}`)
    if (req.method !== allow)
      return problem(405, `${req.method} is not allowed on ${ADMIN_PREFIX}/${name}`, { headers: { Allow: allow } })
    if (allow === 'GET') return null
    // A form can send urlencoded, multipart or text/plain, never application/json.
    const type = header(req, 'content-type')
    const json = type !== undefined && /^application\/json\s*(;|$)/i.test(type.trim())
    if (!json && (type !== undefined || NEEDS_BODY.has(name))) {
      return problem(
        415,
        `admin writes take Content-Type: application/json${type === undefined ? '' : `, not ${type.slice(0, 60)}`}`,
      )
    }
    return null
  }

  /**
   * Runs an admin request the guard let through, on the scope `scopeName` (`X-Mock-Scope`)
   * names; `body` is its text (empty for GET and a bare reset).
   */
  async function handle(name: string, body: string, scopeName: string | undefined): Promise<Answer> {
    // Dropping a scope makes none, and so never drops another to make room.
    if (name === 'scope') return dropScope(scopeName)
    // Findings are about the real service, one report per server: no scope is made for them.
    if (name === 'drift') return jsonAnswer(200, drift?.() ?? { findings: [] })
    const scope = scopes.scopeOf(scopeName)
    if (isRefusal(scope)) return scope
    return scopes.use(scope, () => run(name, body, scope))
  }

  function dropScope(scopeName: string | undefined): Answer {
    if (scopeName === undefined)
      return problem(
        400,
        'scope: name the scope to drop in X-Mock-Scope; the shared scope is reset instead (POST /__mock/reset)',
      )
    const misnamed = refuseName(scopeName)
    if (misnamed) return misnamed
    return jsonAnswer(200, { dropped: scopes.drop(scopeName) ? scopeName : null, scopes: scopes.list() })
  }

  async function run(name: string, body: string, scope: Scope): Promise<Answer> {
    const { control } = scope.served
    if (name === 'state') return state(scope)
    if (name === 'scenarios') return scenarioList(control)
    if (name === 'reset') return (await storing(control, () => control.reset())) ?? state(scope)
    let value: unknown
    try {
      value = JSON.parse(body)
    } catch (error) {
      return problem(400, `body: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`)
    }
    if (name === 'scenario') {
      const id = scenarioChoice(control, value)
      if (typeof id !== 'string') return id
      return (await storing(control, () => control.useScenario(id))) ?? state(scope)
    }
    // The scope's time, once moved on: the rate window's `endsAt` reads against it.
    if (name === 'clock')
      return advanceClock(control, value) ?? state(scope, { now: new Date(control.now()).toISOString() })
    if (name === 'settings') {
      const patch = SettingsPatch.safeParse(value, ENGLISH)
      if (!patch.success) {
        const reason = patch.error.issues
          .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
          .join('; ')
        return problem(400, `settings: ${reason}`)
      }
      control.set(patch.data)
      return state(scope)
    }
    const status = (value as { status?: unknown } | null)?.status
    try {
      control.forceNext(typeof status === 'number' || status === null ? status : NaN)
    } catch (error) {
      return problem(
        400,
        `force: ${error instanceof Error ? error.message : 'invalid'}; send { "status": <an error status of the spec> } or { "status": null }`,
      )
    }
    return state(scope)
  }

  return { refuse, handle }
}
