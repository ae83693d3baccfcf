import { decodeHTML } from 'entities'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { CreateArtefactRequest } from '../request-schemas.ts'
import { requestSchemas } from '../schema-builders.ts'
import { buildArtefact } from './build.ts'
import { simpleContent } from './simple-content.ts'

const INPUT: CreateArtefactRequest = {
  title: 'Pin a note',
  content: [{ mediaType: 'text/html', text: '<p>Notes &amp; notebooks</p><p>Pin one</p>' }],
  variations: [{ channels: [{ id: 2 }], content: [{ mediaType: 'text/html', text: '<b>Tap &lt;Pin&gt;</b>' }] }],
}

/** entities' decoder, counting its calls. */
function countingDecoder() {
  const calls = { count: 0 }
  const decode = (text: string) => {
    calls.count += 1
    return decodeHTML(text)
  }
  return { calls, decode }
}

/** Built as the create path builds it: from the body as the request schema reads it. */
const build = (body: CreateArtefactRequest, decode = decodeHTML) =>
  buildArtefact(requestSchemas().CreateArtefactRequest.parse(body), {
    id: '6f1c2a9e-0b7d-4c3e-9a51-2d8f4e6b7c10',
    dateCreated: '2026-11-24T10:00:00.000Z',
    dateModified: '2026-11-24T10:00:00.000Z',
    category: null,
    decode,
  })

describe('simpleContent of a built artefact (decision 051)', () => {
  test('is rendered on its first read, once', () => {
    const { calls, decode } = countingDecoder()
    const artefact = build(INPUT, decode)
    expect(calls.count).toBe(0)
    expect(artefact.simpleContent).toBe('Notes & notebooks\nPin one')
    expect(artefact.simpleContent).toBe('Notes & notebooks\nPin one')
    expect(calls.count).toBe(1)
    expect(artefact.variations[0]?.simpleContent).toBe('Tap <Pin>')
    expect(artefact.variations[0]?.simpleContent).toBe('Tap <Pin>')
    expect(calls.count).toBe(2)
  })

  test('a JSON answer, a structured clone (IndexedDB, other tabs) and a spread (GET) hold it as a plain value', () => {
    const copies = [JSON.parse(JSON.stringify(build(INPUT))), structuredClone(build(INPUT)), { ...build(INPUT) }]
    for (const copy of copies) {
      expect(Object.getOwnPropertyDescriptor(copy, 'simpleContent')).toMatchObject({
        value: 'Notes & notebooks\nPin one',
        enumerable: true,
      })
    }
    // The JSON answer keeps the read side's key order: simpleContent after content.
    const keys = Object.keys(copies[0])
    expect(keys.indexOf('simpleContent')).toBe(keys.indexOf('content') + 1)
    expect(structuredClone(build(INPUT)).variations[0]).toHaveProperty('simpleContent', 'Tap <Pin>')
  })

  test('reads as the text simpleContent renders from the built items, for any text items', () => {
    const item = fc.record({
      mediaType: fc.constantFrom('text/html', 'text/plain', 'text/markdown', 'image/png', 'TEXT/HTML; charset=utf-8'),
      text: fc.option(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '<', '>', '&', 'amp;', 'p', '/', '#', '3') }), {
        nil: undefined,
      }),
    })
    const items = fc.array(item, { maxLength: 4 })
    fc.assert(
      fc.property(items, items, (content, variation) => {
        const artefact = build({ title: 't', content, variations: [{ content: variation }] })
        const stored = structuredClone(artefact)
        expect(stored.simpleContent).toBe(simpleContent(artefact.content, decodeHTML))
        expect(stored.variations[0]?.simpleContent).toBe(
          simpleContent(artefact.variations[0]?.content ?? [], decodeHTML),
        )
      }),
      { numRuns: 300 },
    )
  })
})
