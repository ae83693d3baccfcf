/**
 * What the pipeline reads of a request: its method, URL, a few headers and the body bytes.
 * Under msw that is a fetch `Request`; the HTTP mode hands over its Node message as is, so no
 * `Request` is built, cloned and read back for each call (docs/decisions/040-http-create-path.md).
 */

export interface Incoming {
  /** Upper case for the methods fetch normalises; the mock compares case-insensitively. */
  method: string
  url: URL
  /** A header as fetch's `Headers.get` gives it: every line of that name joined with `, `, or null. */
  header(name: string): string | null
  /** The body bytes (empty when there is none); read once. */
  bytes(): Promise<Uint8Array>
  /** The fetch `Request` itself, built on first use: what an operation's `handle` gets as `request`. */
  readonly request: Request
}

/** A fetch `Request` as the pipeline reads it; `url`, when given, is its URL already parsed. */
export function fromRequest(request: Request, url?: URL): Incoming {
  return {
    method: request.method,
    get url() {
      return (url ??= new URL(request.url))
    },
    header: (name) => request.headers.get(name),
    bytes: async () => new Uint8Array(await request.arrayBuffer()),
    request,
  }
}
