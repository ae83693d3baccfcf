import { http } from 'msw'
import { fromRequest, type Incoming } from './incoming.ts'
import type { Scope } from './router.ts'

/** The answer to a request under the scope: an operation's, or the fallback's (see `dispatcherFor`); null outside it. */
export type Dispatch = (incoming: Incoming) => Promise<Response> | null

/**
 * One msw handler for every request under `scope`, answered by the dispatch `load()` resolves
 * to: what the operations' handlers and the fallback answer, from code that is not in the page's
 * first chunk (decision 048). `load` is awaited per request; it settles once, at start.
 *
 * @example
 * setupWorker(gateHandler(createScope(), () => import('./browser-engine.ts').then((m) => m.dispatcherOf(control))))
 */
export function gateHandler(scope: Scope, load: () => Promise<Dispatch>) {
  // The URL the predicate parsed, for the resolver of the same request (msw hands both the same Request).
  const parsed = new WeakMap<Request, URL>()
  return http.all(
    ({ request }) => {
      const url = new URL(request.url)
      parsed.set(request, url)
      return scope.locate(url) !== null
    },
    async ({ request }) => {
      const dispatch = await load()
      return (await dispatch(fromRequest(request, parsed.get(request)))) ?? undefined
    },
  )
}

/**
 * `load`, run on the first call and its promise shared by every call after; a rejected load is
 * forgotten, so the next call tries again (a chunk that failed to arrive, say).
 *
 * @example
 * const loadEngine = loadOnce(() => import('./browser-engine.ts'))
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    }))
}
