import fc from 'fast-check'
import { test } from 'vitest'
import { getArtefact } from '../operations/get-artefact.ts'
import { validArtefactBody } from '../testing/artefact-bodies.ts'
import { randomBodyBytes } from '../testing/body-bytes.ts'
import { common, judged, LIMITS, randomQuery } from '../testing/request-cases.ts'
import { type Case, RUNS, startRequestHarness } from '../testing/request-harness.ts'
import { method, pathId } from '../testing/request-paths.ts'

const check = startRequestHarness()

const getArtefactCase: fc.Arbitrary<Case> = fc
  .record({
    ...common,
    op: fc.constant(getArtefact.name),
    method: method(getArtefact.method),
    path: fc.tuple(pathId, fc.nat()).map(([id, n]) => {
      const variants = [
        `/resources/artefact/${id}/`,
        `/resources/Artefact/${id}`,
        `/Resources/artefact/${id}`,
        `/resources/artefact/${id}/links`,
        `/resources/x/../artefact/${id}`,
        '/resources/artefact',
        '/resources/artefactcategory',
        `/${id}`,
      ]
      return n % 50 < variants.length ? variants[n % 50]! : getArtefact.path.replace('{id}', id)
    }),
    query: randomQuery,
    body: fc.option(randomBodyBytes.map(judged), { nil: undefined }),
    draft: fc.boolean(),
    created: validArtefactBody,
  })
  .map(({ draft, created, ...c }) => ({
    ...c,
    setup: c.path.includes('{created}') || c.path.includes('{CREATED}') ? { artefact: { body: created, draft } } : {},
  }))

test(
  `getArtefact: ${RUNS} random requests each get the status behaviour §2 orders, with the spec's Error body`,
  () => check(getArtefactCase, { seed: 3_700, required: [...LIMITS, '200', '400:id', '404:id'] }),
  60_000,
)
