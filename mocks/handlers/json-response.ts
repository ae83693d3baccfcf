import { HttpResponse } from 'msw'

/** Bytes of `text` in UTF-8 (a lone surrogate counts as U+FFFD, as the encoder sends it). */
function utf8Length(text: string): number {
  let bytes = text.length
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code < 0x80) continue
    if (code < 0x800) bytes += 1
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      bytes += 2
      at += 1
    } else bytes += 2
  }
  return bytes
}

/**
 * A JSON answer, as `HttpResponse.json` makes it (Content-Type and Content-Length unless given,
 * msw's status text) without the `Blob` it builds only to count the bytes (with it, 7 % of
 * the HTTP mode's CPU per create) (docs/decisions/040-http-create-path.md).
 */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const text: string | undefined = JSON.stringify(body)
  const headers = new Headers(init.headers)
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  if (!headers.has('Content-Length')) headers.set('Content-Length', String(text === undefined ? 0 : utf8Length(text)))
  return new HttpResponse(text, { ...init, headers })
}
