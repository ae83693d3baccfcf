/**
 * One answer per request, whatever number of msw servers run in the process. Two
 * `setupServer(...)` started in one process (a Vitest `setupFiles` server and another in the
 * test file) hand every request, the same `Request` object, to both handler lists in turn: the
 * quota counted twice and a POST body read twice (`TypeError: Body is unusable`). Within one
 * server the mock's handlers answer a request once (each of them answers whatever it matches,
 * overrides included), so a request one of them already answered means a second server: it
 * is said once, loudly, and the second pass steps aside so the first answer stands.
 */

/** Requests a handler of this mock has answered, shared by every handler set of the module. */
const answered = new WeakSet<Request>()
/** The handler sets (their contexts) that have said so already: once each, not once per request. */
const warned = new WeakSet<object>()

/** The words of the warning: what happened, why it matters, the fix. */
function installedTwiceMessage(request: Request): string {
  const { pathname } = new URL(request.url)
  return (
    `[artefact-mock] the mock's handlers were asked to answer ${request.method} ${pathname} a second time: ` +
    'two msw servers (setupServer) run in this test process, and each request goes through both, so the ' +
    'quota and rate limit would count it twice and a POST body would be read twice. Start one setupServer per ' +
    'process: in Vitest, in a file listed in setupFiles only; do not start another in the test file (import ' +
    "the setup file's server there to call server.use(...)). The first answer stands; the second server steps aside."
  )
}

/**
 * True the first time a handler of this mock sees `request` (it may answer); false when one
 * has answered it already, after saying so once for the handler set `by`.
 * @example
 * if (!firstAnswer(request, context)) return undefined // msw: not handled here
 */
export function firstAnswer(request: Request, by: object): boolean {
  if (!answered.has(request)) {
    answered.add(request)
    return true
  }
  if (!warned.has(by)) {
    warned.add(by)
    console.error(installedTwiceMessage(request))
  }
  return false
}
