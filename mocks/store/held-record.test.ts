import fc from 'fast-check'
import { expect, test } from 'vitest'
import { seedArtefacts } from '../data/artefacts.ts'
import { buildSeed } from '../data/build-seed.ts'
import { seedCategories } from '../data/categories.ts'
import { heldRecord, isUnread, oneByteJson, readable, recordKey, recordTime, listFields } from './held-record.ts'
import type { StoredArtefact } from '../schemas/resources.ts'

// A record held as its stored text reads as the parsed text would, to every way code reads an object (decision 055).

const template = buildSeed(seedArtefacts, seedCategories)[0]!

const storedRecord = fc
  .record({
    id: fc.uuid({ version: 4 }),
    title: fc.string({ unit: 'binary', maxLength: 40 }),
    metaData: fc.dictionary(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.record({
        values: fc.array(fc.string({ unit: 'binary', maxLength: 8 }), { maxLength: 3 }),
        dataType: fc.string(),
      }),
      { maxKeys: 4 },
    ),
    dateCreated: fc.date({ min: new Date(0), max: new Date(Date.UTC(2100, 0)), noInvalidDate: true }),
    isDraft: fc.boolean(),
    // Names and titles that look like the keys the scan looks for.
    category: fc.option(
      fc.record({
        id: fc.nat(),
        name: fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('","name":"x', '\\', ',"category":null', '"')),
      }),
    ),
    content: fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { maxLength: 2 }),
  })
  .map(
    ({ id, title, metaData, dateCreated, isDraft, category, content }): StoredArtefact => ({
      artefact: {
        ...template.artefact,
        id: id.toUpperCase(),
        title,
        content: content.map((text) => ({
          mediaType: 'text/plain',
          text: `,"category":"${text}`,
          href: null,
          resourceLocation: null,
        })),
        category: category && {
          ...category,
          dateCreated: '2026-01-01T00:00:00Z',
          dateModified: '2026-01-01T00:00:00Z',
        },
        metaData,
        dateCreated: dateCreated.toISOString(),
      },
      isDraft,
    }),
  )

const hold = (record: StoredArtefact) =>
  heldRecord(JSON.stringify(record), record.artefact.id.toLowerCase(), Date.parse(record.artefact.dateCreated))

test('a held record serialises, clones, spreads and compares as its parsed text, and is parsed on its first read only', () => {
  fc.assert(
    fc.property(storedRecord, (record) => {
      const json = JSON.stringify(record)
      const parsed = JSON.parse(json) as StoredArtefact
      const keyed = hold(record)
      expect(recordKey(keyed)).toBe(record.artefact.id.toLowerCase())
      expect(recordTime(keyed)).toBe(Date.parse(record.artefact.dateCreated))
      expect(Object.keys(keyed)).toEqual(['artefact', 'isDraft'])
      expect(isUnread(keyed)).toBe(true)

      expect(JSON.stringify(hold(record))).toBe(json)
      expect(structuredClone(hold(record))).toEqual(parsed)
      expect({ ...hold(record) }).toEqual(parsed)
      const read = hold(record)
      expect(read.isDraft).toBe(record.isDraft)
      expect(isUnread(read)).toBe(false)
      expect(read).toEqual(parsed)
      expect(JSON.stringify(read)).toBe(json)
      // Read once: the same objects on every later read.
      expect(read.artefact).toBe(read.artefact)
    }),
    { numRuns: 200 },
  )
})

test('a write to a held record before any read keeps the rest of its text', () => {
  const record = hold(template)
  record.isDraft = !template.isDraft
  expect(record.isDraft).toBe(!template.isDraft)
  expect(record.artefact).toEqual(template.artefact)
  const replaced = hold(template)
  replaced.artefact = { ...template.artefact, title: 'replaced' }
  expect(replaced.artefact.title).toBe('replaced')
  expect(replaced.isDraft).toBe(template.isDraft)
})

test('text that is not JSON is not readable, and a read of it names the record', () => {
  const broken = heldRecord('{"artefact":{"id":"x",}}', 'x', 0)
  expect(listFields(broken)).toEqual({ id: 'x', title: '', categoryName: null, isDraft: false, unreadable: true })
  expect(readable(broken)).toBe(false)
  expect(() => broken.artefact).toThrow('the stored artefact x is not JSON')
  expect(readable(hold(template))).toBe(true)
  // A record built as objects is readable as it is.
  expect(readable(template)).toBe(true)
  expect(isUnread(template)).toBe(false)
})

test('the id, title, category name and draft flag of a held record are read from its text, leaving it unparsed', () => {
  fc.assert(
    fc.property(storedRecord, fc.boolean(), (record, escaped) => {
      const json = JSON.stringify(record)
      const text = escaped ? oneByteJson(json) : json
      if (escaped) expect(text).not.toMatch(/[\u0100-\uffff]/)
      expect(JSON.parse(text)).toEqual(JSON.parse(json))
      const held = heldRecord(text, record.artefact.id.toLowerCase(), 0)
      const { artefact } = record
      const expected = {
        id: artefact.id,
        title: artefact.title,
        categoryName: artefact.category?.name ?? null,
        isDraft: record.isDraft,
      }
      expect(listFields(held)).toEqual(expected)
      expect(isUnread(held)).toBe(true)
      expect(listFields(record)).toEqual(expected)
    }),
    { numRuns: 300 },
  )
})

test('a held record whose text is laid out otherwise is searched as parsed', () => {
  const reordered = JSON.stringify({ isDraft: false, artefact: { title: 'Reordered', id: 'x', category: null } })
  const held = heldRecord(reordered, 'x', 0)
  expect(listFields(held)).toEqual({ id: 'x', title: 'Reordered', categoryName: null, isDraft: false })
  expect(isUnread(held)).toBe(false)
})
