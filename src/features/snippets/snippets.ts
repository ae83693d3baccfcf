/**
 * Copyable snippets of a sent request that reproduce its answer: a POSIX shell curl
 * command and a `fetch` call. Both name the method, the URL on the chosen base, the
 * headers that matter and the body byte for byte; an omitted Content-Type stays omitted
 * (curl and fetch would each add their own).
 */
import {
  HTTP_MODE_PORT,
  hasContentType,
  pageOrigin,
  retarget,
  type SentRequest,
  snippetHeaders,
  targetBase,
} from './snippet-target.ts'

/** Where curl and HTTPie go when no target is chosen: the HTTP mode, as `serve` starts it. */
export const DEFAULT_SHELL_BASE = targetBase({ kind: 'http-mode', port: HTTP_MODE_PORT })

/** Quotes one word for a POSIX shell: inside single quotes only `'` needs care, written `'\''`. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`
}

/** A curl header option: `Name;` sends an empty value, `Name:` removes curl's own header. */
const curlHeader = (name: string, value: string) => `-H ${shellQuote(value === '' ? `${name};` : `${name}: ${value}`)}`

/**
 * The request as a curl command for `base` (default: the HTTP mode on its default port),
 * one option per line, `-i` to show the status and headers too.
 *
 * @example
 * toCurl({ method: 'GET', url: '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001', headers: [], body: null })
 * // curl -i -X 'GET' 'http://127.0.0.1:8787/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'
 */
export function toCurl(request: SentRequest, base: string = DEFAULT_SHELL_BASE): string {
  const url = shellQuote(retarget(request.url, base))
  const head = request.method.toUpperCase() === 'HEAD'
  const words = [head ? `curl -i --head ${url}` : `curl -i -X ${shellQuote(request.method)} ${url}`]
  const headers = snippetHeaders(request.headers)
  for (const [name, value] of headers) words.push(curlHeader(name, value))
  if (request.body !== null) {
    // With a body curl sends application/x-www-form-urlencoded unless told otherwise.
    if (!hasContentType(headers)) words.push(`-H ${shellQuote('Content-Type:')}`)
    // --data-binary reads a file for a leading @; --data-raw never does, and both send the bytes as given.
    words.push(`${request.body.startsWith('@') ? '--data-raw' : '--data-binary'} ${shellQuote(request.body)}`)
  }
  return words.join(' \\\n  ')
}

/** Headers as an object literal when that is faithful, else as a list of pairs. */
function headersLiteral(headers: Array<[string, string]>): string {
  const names = headers.map(([name]) => name.toLowerCase())
  // Repeats, `__proto__` and integer-like keys (which objects reorder) need pairs.
  const asPairs =
    new Set(names).size !== names.length || names.some((name) => name === '__proto__' || /^\d+$/.test(name))
  const s = JSON.stringify
  if (asPairs) return `[\n${headers.map(([name, value]) => `    [${s(name)}, ${s(value)}],`).join('\n')}\n  ]`
  return `{\n${headers.map(([name, value]) => `    ${s(name)}: ${s(value)},`).join('\n')}\n  }`
}

/**
 * The request as one `fetch` expression for `base` (default: this page's origin, where the
 * mock worker answers), resolving to `{ status, headers, body }`. Every string is a JSON
 * literal, so any character is escaped. Without a Content-Type the body goes as bytes: a
 * string body would make fetch send `text/plain;charset=UTF-8`, which the mock answers 415.
 *
 * @example
 * toFetchSnippet({ method: 'GET', url: '/x', headers: [], body: null }, 'https://api.example.test')
 */
export function toFetchSnippet(request: SentRequest, base: string | undefined = pageOrigin()): string {
  const s = JSON.stringify
  const headers = snippetHeaders(request.headers)
  const url = base === undefined ? request.url : retarget(request.url, base)
  const init = [`  method: ${s(request.method)},`]
  if (headers.length > 0) init.push(`  headers: ${headersLiteral(headers)},`)
  if (request.body !== null) {
    init.push(
      hasContentType(headers)
        ? `  body: ${s(request.body)},`
        : `  // Bytes, not a string: a string body would make fetch add Content-Type: text/plain.\n  body: new TextEncoder().encode(${s(request.body)}),`,
    )
  }
  return [
    `fetch(${s(url)}, {`,
    ...init,
    '}).then(async (response) => ({',
    '  status: response.status,',
    '  headers: Object.fromEntries(response.headers),',
    '  body: await response.text(),',
    '}))',
  ].join('\n')
}
