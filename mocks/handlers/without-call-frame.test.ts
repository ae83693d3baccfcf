/**
 * Decision 050: the mock builds its msw handlers without msw's call-frame capture, whose first
 * stack read re-parses the code on the stack. Runs under msw 3 and msw 2 (`npm run test:msw2`).
 */
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, expect, test } from 'vitest'
import { createControl } from '../control/control.ts'
import { createHandlers } from './create-handlers.ts'
import { withoutCallFrame } from './without-call-frame.ts'

const API = 'http://artefact.test/v3/preview-upcoming/resources'
const PUBLISHED = '0a1e0001-5c0f-4a11-9c00-000000000001'
const RealError = globalThis.Error
const prepare = Error.prepareStackTrace

afterEach(() => {
  Object.defineProperty(globalThis, 'Error', { value: RealError, writable: true, configurable: true })
  Error.prepareStackTrace = prepare
})

/** Counts the stacks V8 formats while `run` runs (V8 calls `prepareStackTrace` for each `.stack` read). */
function stacksFormattedBy(run: () => void): number {
  let formatted = 0
  Error.prepareStackTrace = (error, frames) => {
    formatted += 1
    return prepare ? prepare(error, frames) : String(error)
  }
  try {
    run()
  } finally {
    Error.prepareStackTrace = prepare
  }
  return formatted
}

test('building the mock handlers formats no stack, where an msw handler of its own does', () => {
  expect(stacksFormattedBy(() => http.get('/elsewhere', () => undefined))).toBe(1)
  expect(stacksFormattedBy(() => createHandlers({ control: createControl() }))).toBe(0)
  expect(globalThis.Error).toBe(RealError)
})

test('the handlers built so answer as before, and name no call frame', async () => {
  const handlers = createHandlers({ control: createControl() })
  expect(handlers.map((handler) => handler.info.callFrame)).toEqual(handlers.map(() => undefined))
  const server = setupServer(...handlers)
  server.listen({ onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as never)
  try {
    const response = await fetch(`${API}/artefact/${PUBLISHED}`)
    expect(response.status).toBe(200)
    expect((await response.json()).id).toBe(PUBLISHED)
  } finally {
    server.close()
  }
})

test('an error thrown while building is a real Error, and the real Error is back afterwards', () => {
  let inside: unknown
  const thrown = (() => {
    try {
      withoutCallFrame(() => {
        inside = new Error('built badly')
        expect(inside).toBeInstanceOf(Error)
        expect(new TypeError('a subclass') instanceof Error).toBe(true)
        throw inside
      })
    } catch (error) {
      return error
    }
  })()
  expect(thrown).toBe(inside)
  expect(thrown).toBeInstanceOf(RealError)
  expect((thrown as Error).stack).toContain('built badly')
  expect(globalThis.Error).toBe(RealError)
})

test('where the global Error cannot be replaced, the handlers are built as msw builds them', () => {
  Object.defineProperty(globalThis, 'Error', { value: RealError, writable: false, configurable: true })
  const handlers = withoutCallFrame(() => createHandlers({ control: createControl() }))
  expect(handlers).toHaveLength(4)
  expect(globalThis.Error).toBe(RealError)
})
