/**
 * Copyable snippets of a sent request: a POSIX shell curl command and a
 * `fetch` call. Both name the method, the absolute URL, every header the
 * request carried (but the explorer's own marker) and the body exactly.
 */
import type { Exchange } from '../../app/explorer-bus.ts'

type SentRequest = Exchange['request']

/** The explorer's own marker header; it says nothing about the API, so snippets leave it out. */
export const EXPLORER_HEADER = 'X-Artefact-Explorer'

const isMarker = ([name]: [string, string]) => name.toLowerCase() === EXPLORER_HEADER.toLowerCase()

const defaultBase = (): string | undefined => globalThis.location?.origin

/** The request's URL made absolute against `base` (the page's origin by default). */
export function absoluteUrl(url: string, base: string | undefined = defaultBase()): string {
  try {
    return new URL(url, base).href
  } catch {
    return url
  }
}

/** Quotes one word for a POSIX shell: inside single quotes only `'` needs care, written `'\''`. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`
}

/**
 * The request as a curl command, one option per line.
 *
 * @example
 * toCurl({ method: 'GET', url: 'https://api.example.test/x', headers: [], body: null })
 * // curl -X GET 'https://api.example.test/x'
 */
export function toCurl(request: SentRequest, base?: string): string {
  const words = [`curl -X ${shellQuote(request.method)} ${shellQuote(absoluteUrl(request.url, base))}`]
  for (const [name, value] of request.headers.filter((header) => !isMarker(header))) {
    words.push(`-H ${shellQuote(`${name}: ${value}`)}`)
  }
  if (request.body !== null) words.push(`--data-raw ${shellQuote(request.body)}`)
  return words.join(' \\\n  ')
}

/** Headers as an object literal when that is faithful, else as a list of pairs. */
function headersLiteral(headers: Array<[string, string]>): string {
  const names = headers.map(([name]) => name.toLowerCase())
  // Repeats, `__proto__` and integer-like keys (which objects reorder) need pairs.
  const asPairs = new Set(names).size !== names.length || names.some((name) => name === '__proto__' || /^\d+$/.test(name))
  const s = JSON.stringify
  if (asPairs) return `[\n${headers.map(([name, value]) => `    [${s(name)}, ${s(value)}],`).join('\n')}\n  ]`
  return `{\n${headers.map(([name, value]) => `    ${s(name)}: ${s(value)},`).join('\n')}\n  }`
}

/**
 * The request as a `fetch` call (valid JavaScript; every string is a JSON
 * literal, so any character in a header or body is escaped).
 *
 * @example
 * toFetchSnippet({ method: 'GET', url: '/x', headers: [], body: null }, 'https://api.example.test')
 */
export function toFetchSnippet(request: SentRequest, base?: string): string {
  const s = JSON.stringify
  const headers = request.headers.filter((header) => !isMarker(header))
  const init = [`  method: ${s(request.method)},`]
  if (headers.length > 0) init.push(`  headers: ${headersLiteral(headers)},`)
  if (request.body !== null) init.push(`  body: ${s(request.body)},`)
  return [
    `fetch(${s(absoluteUrl(request.url, base))}, {`,
    ...init,
    '}).then(async (response) => ({ status: response.status, body: await response.text() }))',
  ].join('\n')
}
