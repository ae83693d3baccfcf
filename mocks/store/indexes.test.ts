import fc from 'fast-check'
import { expect, test } from 'vitest'
import { buildSeed } from '../data/build-seed.ts'
import { seedArtefacts } from '../data/artefacts.ts'
import { seedCategories } from '../data/categories.ts'
import { type HeldRecord, holdRecord } from './held-record.ts'
import { artefactIndex } from './indexes.ts'

const template = buildSeed(seedArtefacts, seedCategories)[0]!

// Few ids and few times, so lists repeat ids (a page bringing a record already held) and tie on times.
const record = fc.record({
  id: fc.integer({ min: 0, max: 40 }),
  second: fc.integer({ min: 0, max: 5 }),
  n: fc.nat(),
})
type Raw = { id: number; second: number; n: number }
const toRecord = ({ id, second, n }: Raw) =>
  holdRecord({
    isDraft: false,
    artefact: {
      ...template.artefact,
      id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      title: `version ${n}`,
      dateCreated: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
    },
  })
const line = (r: HeldRecord) => `${r.summary.id} ${r.at} ${r.summary.title}`

test("put and putMany hold each id's last record, newest first, equal times in arrival order, for any lists", () => {
  fc.assert(
    fc.property(
      fc.array(record, { maxLength: 30 }),
      fc.array(record, { maxLength: 200, size: 'max' }),
      (before, page) => {
        const one = artefactIndex()
        const many = artefactIndex()
        for (const raw of before) {
          one.put(toRecord(raw))
          many.put(toRecord(raw))
        }
        const records = page.map(toRecord)
        records.forEach(one.put)
        many.putMany(records)
        expect(many.newestFirst().map(line)).toEqual(one.newestFirst().map(line))
        // The order itself: each id's last record, newest first, equal times in the order of those last puts.
        const latest = new Map<string, HeldRecord>()
        for (const r of [...before.map(toRecord), ...records]) {
          latest.delete(r.key)
          latest.set(r.key, r)
        }
        const expected = [...latest.values()].sort((a, b) => b.at - a.at)
        expect(one.newestFirst().map(line)).toEqual(expected.map(line))
        for (const r of records) expect(many.get(r.key)).toEqual(one.get(r.key))
      },
    ),
    { numRuns: 300 },
  )
})
