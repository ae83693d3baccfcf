import fc from 'fast-check'
import { test } from 'vitest'
import { createCategory } from '../operations/create-category.ts'
import { caseVariant, padded } from '../testing/body-text.ts'
import { jsonBytes, randomBodyBytes } from '../testing/body-bytes.ts'
import { categoryBody, freshCategoryName } from '../testing/category-bodies.ts'
import { common, judged, LIMITS, pathFor, randomQuery } from '../testing/request-cases.ts'
import { type Case, RUNS, startRequestHarness } from '../testing/request-harness.ts'
import { method } from '../testing/request-paths.ts'

const check = startRequestHarness()

const createCategoryCase: fc.Arbitrary<Case> = fc
  .record({
    ...common,
    op: fc.constant(createCategory.name),
    method: method(createCategory.method),
    path: pathFor(createCategory.path, [
      '/resources/artefactcategory/',
      '/resources/artefactCategory',
      '/resources/ArtefactCategory',
      '/resources/artefact-category',
    ]),
    query: randomQuery,
    setupName: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: freshCategoryName }),
    body: fc.oneof(
      { weight: 6, arbitrary: categoryBody.chain(jsonBytes) },
      { weight: 2, arbitrary: randomBodyBytes },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    variant: fc.boolean(),
  })
  .chain(({ setupName, body, variant, ...c }) => {
    // Half the set-ups are followed by the same name in another case and padding: 422.
    const again =
      setupName !== undefined && variant
        ? padded(caseVariant(setupName.trim())).chain((name) => jsonBytes({ name }))
        : fc.constant(body)
    return again.map((bytes) => ({
      ...c,
      body: bytes && judged(bytes),
      setup: setupName === undefined ? {} : { category: setupName },
    }))
  })

test(
  `createCategory: ${RUNS} random requests each get the status behaviour §2 orders, with the spec's Error body`,
  () =>
    check(createCategoryCase, {
      seed: 3_400,
      required: [...LIMITS, '201', '400:body', '415', '422:schema', '422:taken'],
    }),
  60_000,
)
