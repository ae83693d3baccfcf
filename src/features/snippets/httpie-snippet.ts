/**
 * The request as an HTTPie command (`http`, HTTPie 3). HTTPie adds
 * `Content-Type: application/json` to a `--raw` body of its own accord, so an omitted
 * Content-Type is removed with `Content-Type:`; `Name;` sends an empty value.
 */
import { DEFAULT_SHELL_BASE, shellQuote } from './snippets.ts'
import { hasContentType, retarget, type SentRequest, snippetHeaders } from './snippet-target.ts'

/** HTTPie reads `\` before one of these in a request item as an escape and drops it. */
const ESCAPED_BY_HTTPIE = /\\[:=@;]/

/** Whether HTTPie can send these headers exactly (else the command says to use curl). */
export function httpieCanSend(headers: ReadonlyArray<[string, string]>): boolean {
  return snippetHeaders(headers).every(([name, value]) => !ESCAPED_BY_HTTPIE.test(`${name}:${value}`))
}

/**
 * The request as an `http` command for `base` (default: the HTTP mode on its default port).
 * `--ignore-stdin` keeps HTTPie from reading a body from a script's standard input.
 *
 * @example
 * toHttpie({ method: 'POST', url: '/v3/preview-upcoming/resources/artefactcategory', headers: [], body: '{"name":"Billing"}' })
 * // http --ignore-stdin --print=hb 'POST' 'http://127.0.0.1:8787/v3/preview-upcoming/resources/artefactcategory' \
 * //   'Content-Type:' \
 * //   --raw='{"name":"Billing"}'
 */
export function toHttpie(request: SentRequest, base: string = DEFAULT_SHELL_BASE): string {
  const headers = snippetHeaders(request.headers)
  const words = [
    `http --ignore-stdin --print=hb ${shellQuote(request.method)} ${shellQuote(retarget(request.url, base))}`,
  ]
  for (const [name, value] of headers) words.push(shellQuote(value === '' ? `${name};` : `${name}:${value}`))
  if (request.body !== null) {
    if (!hasContentType(headers)) words.push(shellQuote('Content-Type:'))
    // `--raw=` keeps a body that starts with `-` from reading as an option.
    words.push(`--raw=${shellQuote(request.body)}`)
  }
  const command = words.join(' \\\n  ')
  if (httpieCanSend(headers)) return command
  return `# HTTPie drops a backslash before : = @ or ; in a header value, so this sends another value; curl sends it as is.\n${command}`
}
