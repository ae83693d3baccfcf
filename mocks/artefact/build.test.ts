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
const TOP = 'Notes & notebooks\nPin one'
const VARIATION = 'Tap <Pin>'

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
    isDraft: false,
  })

/** The names of the object's own properties that are getters or setters. */
const accessors = (object: object) =>
  Object.entries(Object.getOwnPropertyDescriptors(object))
    .filter(([, descriptor]) => descriptor.get !== undefined || descriptor.set !== undefined)
    .map(([name]) => name)

describe('simpleContent of a built artefact (decision 051)', () => {
  test('is rendered on its first read, once', () => {
    const { calls, decode } = countingDecoder()
    const record = build(INPUT, decode)
    expect(calls.count).toBe(0)
    const first = record.artefact
    expect(first.simpleContent).toBe(TOP)
    expect(first.simpleContent).toBe(TOP)
    expect(record.artefact.simpleContent).toBe(TOP)
    expect(record.artefact.variations[0]?.simpleContent).toBe(VARIATION)
    expect(first.variations[0]?.simpleContent).toBe(VARIATION)
    expect(calls.count).toBe(2)
  })

  test('after its first read, the record holds the artefact as plain data, equal to what it was', () => {
    const record = build(INPUT)
    const lazy = record.artefact
    expect(accessors(lazy)).toEqual(['simpleContent'])
    const before = JSON.stringify(lazy)
    void lazy.simpleContent
    const plain = record.artefact
    expect(plain).not.toBe(lazy)
    expect(accessors(plain)).toEqual([])
    expect(plain.variations.flatMap(accessors)).toEqual([])
    expect(JSON.stringify(plain)).toBe(before)
    expect(JSON.parse(before)).toMatchObject({ simpleContent: TOP, variations: [{ simpleContent: VARIATION }] })
  })

  test('a JSON answer, a structured clone (IndexedDB, other tabs) and a spread (GET) hold it as a plain value', () => {
    const copies = [
      JSON.parse(JSON.stringify(build(INPUT).artefact)),
      structuredClone(build(INPUT)).artefact,
      { ...build(INPUT).artefact },
    ]
    for (const copy of copies) {
      expect(Object.getOwnPropertyDescriptor(copy, 'simpleContent')).toMatchObject({ value: TOP, enumerable: true })
    }
    // The JSON answer keeps the read side's key order: simpleContent after content.
    const keys = Object.keys(copies[0])
    expect(keys.indexOf('simpleContent')).toBe(keys.indexOf('content') + 1)
    expect(structuredClone(build(INPUT)).artefact.variations[0]).toHaveProperty('simpleContent', VARIATION)
  })

  test('can be set, as on a plain object, and then reads and copies as set', () => {
    const { calls, decode } = countingDecoder()
    const record = build(INPUT, decode)
    const [variation] = record.artefact.variations
    if (variation) variation.simpleContent = 'edited too'
    record.artefact.simpleContent = 'edited'
    expect(JSON.parse(JSON.stringify(record))).toMatchObject({
      artefact: { simpleContent: 'edited', variations: [{ simpleContent: 'edited too' }] },
    })
    expect(calls.count).toBe(0)
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
        const record = build({ title: 't', content, variations: [{ content: variation }] })
        const { artefact } = structuredClone(record)
        expect(artefact.simpleContent).toBe(simpleContent(artefact.content, decodeHTML))
        expect(artefact.variations[0]?.simpleContent).toBe(
          simpleContent(artefact.variations[0]?.content ?? [], decodeHTML),
        )
      }),
      { numRuns: 300 },
    )
  })
})
