/**
 * What the browser entry loads apart from its first chunk, while the worker registers: the
 * operations, their pipeline, the create path and the fallback (decision 048).
 */
import type { MockControl } from './control.ts'
import { contextFor, dispatcherFor } from './handlers/create-handlers.ts'

/**
 * What `createHandlers({ control })` answers, as one function.
 * @example
 * const dispatch = dispatcherOf(browserControl)
 */
export const dispatcherOf = (control: MockControl) => dispatcherFor(contextFor(control))
