import fc from 'fast-check'
import { test } from 'vitest'
import { createArtefact } from '../operations/create-artefact.ts'
import { validArtefactBody } from '../testing/artefact-bodies.ts'
import { randomBodyBytes } from '../testing/body-bytes.ts'
import { ruleBrokenBody, schemaBrokenBody } from '../testing/broken-bodies.ts'
import { bytesOf, common, judged, LIMITS, pathFor } from '../testing/request-cases.ts'
import { type Case, RUNS, startRequestHarness } from '../testing/request-harness.ts'
import { method, query } from '../testing/request-paths.ts'

const check = startRequestHarness()

const createArtefactCase: fc.Arbitrary<Case> = fc.record({
  ...common,
  op: fc.constant(createArtefact.name),
  method: method(createArtefact.method),
  path: pathFor(createArtefact.path, [
    '/resources/artefact/',
    '/resources/Artefact',
    '/Resources/artefact',
    '/resources/ARTEFACT',
    '/resources/x/../artefact',
    '/resources/artefact/./',
  ]),
  query: query,
  body: fc.oneof(
    { weight: 5, arbitrary: validArtefactBody.chain(bytesOf({ kind: 'ok' })) },
    { weight: 3, arbitrary: ruleBrokenBody.chain(({ body, path }) => bytesOf({ kind: 'hasErrors', path })(body)) },
    { weight: 3, arbitrary: schemaBrokenBody.chain(bytesOf({ kind: '422' })) },
    { weight: 2, arbitrary: randomBodyBytes.map(judged) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  setup: fc.constant({}),
})

test(
  `createArtefact: ${RUNS} random requests each get the status behaviour §2 orders, with the spec's Error body`,
  () =>
    check(createArtefactCase, {
      seed: 3_500,
      required: [...LIMITS, '200 ok', '200 hasErrors', '400', '400:isDraft', '400:body', '400:size', '415', '422'],
    }),
  60_000,
)
