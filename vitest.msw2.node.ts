/**
 * `msw/node` for the msw 2 run (vitest.msw2.config.ts): msw 2.15's own module, except
 * that `server.listen()` also reads msw 3's `onUnhandledFrame`. msw 2 ignores that name,
 * so a test written for msw 3 with `'error'` would otherwise run with msw 2's `'warn'`
 * and pass for the wrong reason. An explicit `onUnhandledRequest` wins.
 */
import { setupServer as setupServer2 } from 'msw2/node'

export * from 'msw2/node'

type SetupServer = ReturnType<typeof setupServer2>
type ListenOptions = NonNullable<Parameters<SetupServer['listen']>[0]>

export function setupServer(...handlers: Parameters<typeof setupServer2>): SetupServer {
  const server = setupServer2(...handlers)
  const listen = server.listen.bind(server)
  server.listen = (options: ListenOptions & { onUnhandledFrame?: ListenOptions['onUnhandledRequest'] } = {}) => {
    const { onUnhandledFrame, ...rest } = options
    return listen({ ...rest, onUnhandledRequest: rest.onUnhandledRequest ?? onUnhandledFrame ?? 'warn' })
  }
  return server
}
