import { expect, test } from 'vitest'
import { runFuzz, statusClasses } from '../../fuzz/run-fuzz.ts'

// The first 1,500 of `npm run fuzz`'s 20,000 (same seed, same order), through msw/node and fetch.
const SLICE = 1_500
const SEED = 6

test(`${SLICE} seeded random requests: no exception, every answer the oracle's, exact Error bodies, no store change on a non-success`, async () => {
  const figures = await runFuzz({ count: SLICE, seed: SEED, transport: 'fetch' })
  expect(figures.examples, 'requests that broke a rule').toEqual([])
  expect({
    requests: figures.requests,
    exceptions: figures.exceptions,
    unanswered: figures.unanswered,
    offOracle: figures.offOracle,
    miscounted: figures.miscounted,
    inexactErrorBodies: figures.inexactErrorBodies,
    storeChangesOnNonSuccess: figures.storeChangesOnNonSuccess,
    successesNotStoredOnce: figures.successesNotStoredOnce,
    successBodiesOffSchema: figures.successBodiesOffSchema,
    prototypeChanges: figures.prototypeChanges,
  }).toStrictEqual({
    requests: SLICE,
    exceptions: 0,
    unanswered: 0,
    offOracle: 0,
    miscounted: 0,
    inexactErrorBodies: 0,
    storeChangesOnNonSuccess: 0,
    successesNotStoredOnce: 0,
    successBodiesOffSchema: 0,
    prototypeChanges: 0,
  })
  expect(Object.keys(statusClasses(figures.statuses)).sort()).toEqual(['2xx', '4xx', '5xx'])
  const reached = Object.keys(figures.statuses)
    .map(Number)
    .sort((a, b) => a - b)
  expect(reached).toEqual([200, 201, 204, 400, 403, 404, 405, 406, 415, 422, 429, 503])
}, 120_000)
