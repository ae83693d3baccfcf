/**
 * msw records where each request handler was built: its constructor reads `new Error().stack`
 * (`getCallFrame`, msw 2 and 3). The first such read in a page makes the engine re-parse every
 * function on the stack for its source positions, and a handler built at import has the whole
 * bundle's top-level code on its stack: 6-25 ms of a page's start in Chromium, with or without
 * DevTools (decision 050). The mock's handlers are built inside the package, so that frame would
 * name a line of the package, not of the app.
 */

/** What msw's `new Error()` gets while the mock builds its handlers: no stack, so no call frame. */
const NO_STACK = { name: 'Error', message: '', stack: '' } as const

/**
 * Runs `build` (which builds msw handlers) with a stand-in global `Error` whose `new Error()` has no
 * stack, then puts the real one back. An error with a message (one thrown while building) is a real
 * `Error`, and `instanceof Error` holds for it. Where the global cannot be replaced (a frozen
 * global), `build` runs as it is.
 *
 * @example
 * const handler = withoutCallFrame(() => http.get(predicate, resolver))
 * handler.info.callFrame // undefined
 */
export function withoutCallFrame<T>(build: () => T): T {
  const real = globalThis.Error
  function StacklessError(...args: ConstructorParameters<ErrorConstructor>) {
    return args.length === 0 ? { ...NO_STACK } : new real(...args)
  }
  // Its statics (captureStackTrace, stackTraceLimit) are the real one's, and so is its prototype.
  Object.setPrototypeOf(StacklessError, real)
  StacklessError.prototype = real.prototype
  if (!replaceError(StacklessError as unknown as ErrorConstructor)) return build()
  try {
    return build()
  } finally {
    globalThis.Error = real
  }
}

function replaceError(to: ErrorConstructor): boolean {
  try {
    globalThis.Error = to
  } catch {
    // A frozen or non-writable global (a hardened realm): a module's code is strict, so assigning throws.
    return false
  }
  return globalThis.Error === to
}
