/**
 * msw's handler constructor records where it was called: `new Error().stack`, kept as
 * `info.callFrame` and read nowhere in msw 3. In Chromium the first stack formatted on a page
 * costs milliseconds: the frames' source positions are computed, and the bottom frame is the
 * bundled chunk's top-level code, so the whole chunk is parsed again (about 6 ms of a first
 * load, measured with `npm run bench:modules`). The mock's handlers are built with stack
 * capture off, so that string is empty (decision 048). Synchronous: no other code runs meanwhile.
 *
 * @example
 * const handler = withoutCallFrame(() => http.get('/x', resolver))
 */
export function withoutCallFrame<T>(build: () => T): T {
  // Engines without `Error.stackTraceLimit` get one for the call, then lose it again.
  const had = Object.hasOwn(Error, 'stackTraceLimit')
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return build()
  } finally {
    if (had) Error.stackTraceLimit = limit
    else Reflect.deleteProperty(Error, 'stackTraceLimit')
  }
}
