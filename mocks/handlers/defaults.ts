import { createControl } from '../control/control.ts'
import { createHandlers } from './create-handlers.ts'

/**
 * The default control: it steers the default `handlers` and holds their
 * in-memory store.
 *
 * @example
 * afterEach(() => control.reset())
 */
export const control = createControl()

/**
 * The handlers with default settings, on any origin, steered by `control`.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { handlers } from 'artefact-preview-mock'
 *
 * const server = setupServer(...handlers)
 */
export const handlers = createHandlers({ control })
