import { decodeHTML } from 'entities'
import fc from 'fast-check'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import type { CreateArtefactRequest } from '../schemas/requests.ts'
import { requestSchemas } from '../schemas/builders.ts'
import { buildArtefact } from './build.ts'
import { loadDecoder } from './html-decoder.ts'
import { simpleContent } from './simple-content.ts'

const INPUT: CreateArtefactRequest = {
  title: 'Pin a note',
  content: [{ mediaType: 'text/html', text: '<p>Notes &amp; notebooks</p><p>Pin one</p>' }],
  variations: [{ channels: [{ id: 2 }], content: [{ mediaType: 'text/html', text: '<b>Tap &lt;Pin&gt;</b>' }] }],
}
const TOP = 'Notes & notebooks\nPin one'
const VARIATION = 'Tap <Pin>'

const CONTEXT = {
  id: '6f1c2a9e-0b7d-4c3e-9a51-2d8f4e6b7c10',
  dateCreated: '2026-11-24T10:00:00.000Z',
  dateModified: '2026-11-24T10:00:00.000Z',
  category: null,
  isDraft: false,
  render: 'on first read' as const,
}

/** Built as the create path builds it: from the body as the request schema reads it. */
const build = (body: CreateArtefactRequest) =>
  buildArtefact(requestSchemas().CreateArtefactRequest.parse(body), CONTEXT)

/** The names of the object's own properties that are getters or setters. */
const accessors = (object: object) =>
  Object.entries(Object.getOwnPropertyDescriptors(object))
    .filter(([, descriptor]) => descriptor.get !== undefined || descriptor.set !== undefined)
    .map(([name]) => name)

beforeAll(async () => {
  await loadDecoder()
})

describe('simpleContent of a built artefact (decision 051)', () => {
  test('is not rendered by the build; its first read renders it and leaves plain data', () => {
    const { artefact } = build(INPUT)
    const [variation] = artefact.variations
    if (!variation) throw new Error('the input has a variation')
    expect(accessors(artefact)).toEqual(['simpleContent'])
    expect(accessors(variation)).toEqual(['simpleContent'])
    expect(artefact.simpleContent).toBe(TOP)
    expect(Object.getOwnPropertyDescriptor(artefact, 'simpleContent')).toEqual({
      value: TOP,
      writable: true,
      enumerable: true,
      configurable: true,
    })
    // Each object renders its own text, on its own first read.
    expect(accessors(variation)).toEqual(['simpleContent'])
    expect(variation.simpleContent).toBe(VARIATION)
    expect(accessors(variation)).toEqual([])
  })

  test('serialises and clones the same before and after the first read', () => {
    const read = build(INPUT)
    void read.artefact.simpleContent
    void read.artefact.variations[0]?.simpleContent
    expect(JSON.stringify(build(INPUT))).toBe(JSON.stringify(read))
    expect(structuredClone(build(INPUT))).toEqual(structuredClone(read))
    expect(JSON.parse(JSON.stringify(read.artefact))).toMatchObject({
      simpleContent: TOP,
      variations: [{ simpleContent: VARIATION }],
    })
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
    const record = build(INPUT)
    const [variation] = record.artefact.variations
    if (variation) variation.simpleContent = 'edited too'
    record.artefact.simpleContent = 'edited'
    expect(accessors(record.artefact)).toEqual([])
    expect(JSON.parse(JSON.stringify(record))).toMatchObject({
      artefact: { simpleContent: 'edited', variations: [{ simpleContent: 'edited too' }] },
    })
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
        const { artefact } = structuredClone(build({ title: 't', content, variations: [{ content: variation }] }))
        expect(artefact.simpleContent).toBe(simpleContent(artefact.content, decodeHTML))
        expect(artefact.variations[0]?.simpleContent).toBe(
          simpleContent(artefact.variations[0]?.content ?? [], decodeHTML),
        )
      }),
      { numRuns: 300 },
    )
  })

  test("rendered 'now' (a store that copies what it adds): plain data from the start, the same JSON", () => {
    const input = requestSchemas().CreateArtefactRequest.parse(INPUT)
    const now = buildArtefact(input, { ...CONTEXT, render: 'now' })
    expect(accessors(now.artefact)).toEqual([])
    expect(now.artefact.variations.flatMap(accessors)).toEqual([])
    expect(JSON.stringify(now)).toBe(JSON.stringify(build(INPUT)))
  })

  test('an artefact built before the decoder has loaded is refused, not left to fail on its first read', async () => {
    vi.resetModules()
    const fresh = await import('./build.ts')
    const decoder = await import('./html-decoder.ts')
    const input = requestSchemas().CreateArtefactRequest.parse(INPUT)
    expect(() => fresh.buildArtefact(input, CONTEXT)).toThrow('before the decoder loaded')
    await decoder.loadDecoder()
    expect(fresh.buildArtefact(input, CONTEXT).artefact.simpleContent).toBe(TOP)
  })
})
