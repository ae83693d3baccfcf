/**
 * The request target of an HTTP/1.1 request line (RFC 9112 3.2): the origin form
 * (`/v3/...?isDraft=true`) every client sends to a server, or the absolute form
 * (`http://127.0.0.1:8787/v3/...`), which a server must accept too (3.2.2). In the absolute
 * form the target's authority is the host, and the `Host` header is ignored.
 */

export type RequestTarget =
  | {
      ok: true /** The path and query, in origin form. */
      path: string /** The target's `host[:port]`; null in origin form. */
      authority: string | null
    }
  | { ok: false; reason: string }

const ABSOLUTE = /^http:\/\//i

/**
 * Reads a request target as Node hands it over (`req.url`).
 * @example
 * readTarget('http://127.0.0.1:8787/v3/x?a=1') // { ok: true, path: '/v3/x?a=1', authority: '127.0.0.1:8787' }
 */
export function readTarget(raw: string): RequestTarget {
  if (raw.startsWith('/')) return { ok: true, path: raw, authority: null }
  if (!ABSOLUTE.test(raw)) return { ok: false, reason: 'the request target must be a path or an http:// URL' }
  const url = URL.parse(raw)
  if (!url || url.host === '') return { ok: false, reason: 'the request target is not a URL' }
  // RFC 9110 4.2.4: userinfo in an http URI is to be treated as an error.
  if (url.username !== '' || url.password !== '' || raw.slice(7).split(/[/?#]/, 1)[0]?.includes('@'))
    return { ok: false, reason: 'the request target must not hold user information (user@host)' }
  return { ok: true, path: `${url.pathname}${url.search}`, authority: url.host }
}
