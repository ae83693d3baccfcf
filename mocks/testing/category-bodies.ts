/**
 * Create-category bodies: a fresh name, a name the data set holds in another case and padding
 * (422), or the wrong shape. Test support only.
 */
import fc from 'fast-check'
import { seedCategories } from '../data/categories.ts'
import { extras } from './artefact-bodies.ts'
import { type Body, blank, build, caseVariant, nonBlank, padded } from './body-text.ts'
import { fold } from './oracle.ts'

/** The data set's category names, folded: a name among them is taken. */
export const seedNames = new Set(seedCategories.map((category) => fold(category.name)))

export const freshCategoryName = fc
  .oneof(
    { weight: 5, arbitrary: padded(nonBlank(40)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'Getting started!',
        'Billing',
      ),
    },
    { weight: 1, arbitrary: padded(fc.constantFrom('c'.repeat(128), '\u{1F600}'.repeat(64))) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }) },
  )
  .filter((name) => name.trim() !== '' && name.trim().length <= 128 && !seedNames.has(fold(name)))

/** A create-category body: fresh, taken (a seed name in another case), or of the wrong shape. */
export const categoryBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 5, arbitrary: freshCategoryName.map((name) => ({ name })) },
  {
    weight: 1,
    arbitrary: fc.tuple(freshCategoryName, extras).map(([name, extra]) => build([...extra, ['name', name]])),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...seedCategories)
      .chain((c) => padded(caseVariant(c.name)))
      .map((name) => ({ name })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom<unknown>(null, 5, true, [], {}, ['a'], '\u{1F600}'.repeat(65)),
        blank,
        fc.integer({ min: 129, max: 200 }).map((n) => ` ${'n'.repeat(n)} `),
      )
      .map((name) => ({ name })),
  },
  { weight: 1, arbitrary: fc.constantFrom<Body>({}, { categoryName: 'x' }, { Name: 'x' }) },
)
