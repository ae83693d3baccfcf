import fc from 'fast-check'
import { expect, test } from 'vitest'
import { buildSeed } from '../data/build-seed.ts'
import { seedArtefacts } from '../data/artefacts.ts'
import { seedCategories } from '../data/categories.ts'
import { heldRecord, isUnread } from './held-record.ts'
import { artefactIndex } from './indexes.ts'

const template = buildSeed(seedArtefacts, seedCategories)[0]!

// Few ids and few times, so lists repeat ids (a page bringing a record already held) and tie on times.
// Some held as their stored text (decision 055): indexed by their key and time without being parsed.
const record = fc.record({
  id: fc.integer({ min: 0, max: 40 }),
  second: fc.integer({ min: 0, max: 5 }),
  n: fc.nat(),
  held: fc.boolean(),
})
type Raw = { id: number; second: number; n: number; held: boolean }
const toRecord = (raw: Raw) => {
  const built = toBuilt(raw)
  if (!raw.held) return built
  return heldRecord(JSON.stringify(built), built.artefact.id.toLowerCase(), Date.parse(built.artefact.dateCreated))
}
const toBuilt = ({ id, second, n }: Raw) => ({
  isDraft: false,
  artefact: {
    ...template.artefact,
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    title: `version ${n}`,
    dateCreated: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
  },
})

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
        expect(records.filter(isUnread)).toHaveLength(page.filter((raw) => raw.held).length)
        const view = (index: ReturnType<typeof artefactIndex>) =>
          index.newestFirst().map((r) => `${r.artefact.id} ${r.artefact.dateCreated} ${r.artefact.title}`)
        expect(view(many)).toEqual(view(one))
        // The order itself: each id's last record, newest first, equal times in the order of those last puts.
        const latest = new Map<string, ReturnType<typeof toRecord>>()
        for (const r of [...before.map(toRecord), ...records]) {
          latest.delete(r.artefact.id)
          latest.set(r.artefact.id, r)
        }
        const expected = [...latest.values()].sort(
          (a, b) => Date.parse(b.artefact.dateCreated) - Date.parse(a.artefact.dateCreated),
        )
        expect(view(one)).toEqual(expected.map((r) => `${r.artefact.id} ${r.artefact.dateCreated} ${r.artefact.title}`))
        for (const r of records) expect(many.get(r.artefact.id)).toEqual(one.get(r.artefact.id))
      },
    ),
    { numRuns: 300 },
  )
})
