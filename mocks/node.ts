import { setupServer } from 'msw/node'
import { control, handlers } from './handlers/defaults.ts'

/**
 * An msw/node server with the default handlers. Start it in your test setup.
 *
 * @example
 * import { server, control } from 'artefact-preview-mock/node'
 *
 * beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
 * afterEach(() => control.reset())
 * afterAll(() => server.close())
 */
export const server = setupServer(...handlers)

export { control }
