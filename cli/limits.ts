/**
 * The HTTP mode's bounds: what one server holds and how long it waits. One place for the
 * figures that docs/setup/http-mode.md and docs/decisions/030-http-mode-limits.md name.
 */
import * as z from 'zod'

const MiB = 1024 * 1024
const positive = z.int().min(1).max(Number.MAX_SAFE_INTEGER)

/**
 * Bounds of one HTTP-mode server; every one can be set in `startHttpServer({ limits })`.
 * @example
 * HttpLimits.parse({ ...DEFAULT_LIMITS, maxRecords: 500 })
 */
export const HttpLimits = z
  .object({
    /** Artefacts and categories one store holds (each scope's, each scenario state's), the data set included; a create past it is 403. */
    maxRecords: positive,
    /** Bytes of JSON the stored records of the whole server take (every scope's together), the data sets included; a create past it is 403. */
    maxStoredBytes: positive,
    /** Scopes (`X-Mock-Scope`) held at once besides the shared one; past it the oldest idle one is dropped, or a new one is 503. */
    maxScopes: positive,
    /** A scope used within this long (or answering a request) is never dropped for a new one. */
    scopeIdleMs: positive,
    /** Sockets open at once; a connection past it is closed at once. */
    maxConnections: positive,
    /** A connection must finish its request line and headers within this (silent connections end here). */
    headersTimeoutMs: positive,
    /** The whole request, body included, must arrive within this (a trickled body ends here). */
    requestTimeoutMs: positive,
    /** A kept-alive connection with no request in flight is closed after this. */
    keepAliveTimeoutMs: positive,
    /** A socket with no traffic while a body arrives or an answer leaves is closed after this (the mock's own latency does not count). */
    idleTimeoutMs: positive,
    /** Pipelined requests of one connection waiting while the answer before them is unread; one more closes the connection. */
    maxPipelined: positive,
    /** Bytes of answers written but not yet taken by their clients, over all connections; past it a request is 503. */
    maxHeldBytes: positive,
  })
  .strict()
  .refine((limits) => limits.headersTimeoutMs <= limits.requestTimeoutMs, {
    message: 'headersTimeoutMs must not exceed requestTimeoutMs',
    path: ['headersTimeoutMs'],
  })
export type HttpLimits = z.infer<typeof HttpLimits>

/**
 * The bounds a server starts with.
 * @example
 * startHttpServer({ limits: { maxRecords: DEFAULT_LIMITS.maxRecords * 2 } })
 */
export const DEFAULT_LIMITS: HttpLimits = {
  maxRecords: 10_000,
  maxStoredBytes: 64 * MiB,
  maxScopes: 64,
  scopeIdleMs: 60_000,
  maxConnections: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 15_000,
  maxPipelined: 32,
  maxHeldBytes: 64 * MiB,
}

/** The most `bodyLimitBytes` may be in HTTP mode: the server never holds a larger body. */
export const BODY_LIMIT_CEILING = 16 * MiB
/** Bodies of the admin paths (settings, force) are small JSON. */
export const ADMIN_BODY_LIMIT = 64 * 1024
/** After answering a request whose body was not read, how long the rest may still arrive before the socket ends. */
export const LINGER_MS = 1_000
/** `close()` lets answers in flight finish for at most this long. */
export const CLOSE_GRACE_MS = 2_000
