import { HttpResponse } from 'msw'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { jsonResponse, jsonTextOf, jsonTextResponse } from './json-response.ts'

const BODIES = [
  { responseId: '6f1c2a9e-0b7d-4c3e-9a51-2d8f4e6b7c10', hasErrors: false, errors: [] },
  { title: 'Notizen & Ordner: größer, schöner', emoji: '📌 pin 🗂️', cjk: '便签', nul: '\u0000', lone: '\ud800x' },
  [],
  'text',
  null,
]

/** Everything a client can see of a response. */
async function seen(response: Response) {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: new Uint8Array(await response.arrayBuffer()),
  }
}

test.each(BODIES)('answers %j exactly as HttpResponse.json does', async (body) => {
  expect(await seen(jsonResponse(body))).toEqual(await seen(HttpResponse.json(body)))
  const init = { status: 201, headers: { 'X-Artefact-Status': 'draft' } }
  expect(await seen(jsonResponse(body, init))).toEqual(await seen(HttpResponse.json(body, init)))
})

test('keeps a Content-Type or Content-Length the caller gave, in any case', async () => {
  const given = { 'content-type': 'application/problem+json', 'CONTENT-LENGTH': '2' }
  for (const headers of [given, new Headers(given), Object.entries(given), [['Content-Type', 'text/plain']]]) {
    const init = { status: 422, headers: headers as HeadersInit }
    expect(await seen(jsonResponse({}, init))).toEqual(await seen(HttpResponse.json({}, init)))
  }
})

test.each(BODIES)(
  'jsonTextResponse(%j) keeps the text beside a Response with no body, all else as jsonResponse',
  async (body) => {
    for (const init of [undefined, { status: 201, headers: { 'X-Artefact-Status': 'draft' } }]) {
      const full = jsonResponse(body, init)
      const textOnly = jsonTextResponse(body, init)
      expect(textOnly.body).toBeNull()
      expect({ ...(await seen(textOnly)), body: new TextEncoder().encode(jsonTextOf(textOnly)) }).toEqual(
        await seen(full),
      )
    }
  },
)

test('jsonTextResponse keeps no text for a status without a body, as jsonResponse', () => {
  for (const status of [204, 304]) {
    expect(jsonTextOf(jsonTextResponse({ a: 1 }, { status }))).toBeUndefined()
    expect(jsonTextOf(jsonResponse({ a: 1 }, { status }))).toBeUndefined()
  }
})

test('Content-Length is the UTF-8 byte count of the body sent, for any text (ASCII or not, lone surrogates too)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' }), async (text, ascii) => {
      for (const body of [{ text }, { ascii }]) {
        const response = jsonResponse(body)
        const sent = new Uint8Array(await response.arrayBuffer())
        expect(Number(response.headers.get('Content-Length'))).toBe(sent.byteLength)
      }
    }),
  )
})
