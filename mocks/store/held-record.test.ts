import fc from 'fast-check'
import { expect, test } from 'vitest'
import { seedArtefacts } from '../data/artefacts.ts'
import { buildSeed } from '../data/build-seed.ts'
import { seedCategories } from '../data/categories.ts'
import { holdRecord, readHeld, unreadableRecord } from './held-record.ts'
import type { StoredArtefact } from '../schemas/resources.ts'

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
    category: fc.option(fc.record({ id: fc.nat(), name: fc.string({ unit: 'binary' }) })),
  })
  .map(
    ({ id, title, metaData, dateCreated, isDraft, category }): StoredArtefact => ({
      artefact: {
        ...template.artefact,
        id: id.toUpperCase(),
        title,
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

test('a held record is its lowercased id, creation time, summary and text, and reads back as the record', () => {
  fc.assert(
    fc.property(storedRecord, (record) => {
      const held = holdRecord(record)
      const { artefact } = record
      expect(held).toStrictEqual({
        key: artefact.id.toLowerCase(),
        at: Date.parse(artefact.dateCreated),
        summary: {
          id: artefact.id,
          title: artefact.title,
          categoryName: artefact.category?.name ?? null,
          isDraft: record.isDraft,
        },
        json: JSON.stringify(record),
      })
      expect(readHeld(held)).toStrictEqual(JSON.parse(JSON.stringify(record)))
      // Each read is a fresh copy: a caller that changes it changes nothing held.
      readHeld(held)!.artefact.title = 'changed'
      expect(readHeld(held)!.artefact.title).toBe(artefact.title)
    }),
    { numRuns: 200 },
  )
})

test('text that is not JSON reads as nothing, and such a record is listed as unreadable by its key', () => {
  const broken = unreadableRecord('x', 0, '{"artefact":{"id":"x",}}')
  expect(readHeld(broken)).toBeUndefined()
  expect(broken.summary).toEqual({ id: 'x', title: '', categoryName: null, isDraft: false, unreadable: true })
  expect(readHeld({ ...holdRecord(template), json: '{"artefact":' })).toBeUndefined()
})
