import { expect, test } from 'vitest'
import { HEALTHY_INDEXEDDB } from '#mocks/testing/support.ts'
import { describePersistence } from './persistence-status.ts'

const healthy = HEALTHY_INDEXEDDB

test('says where created records are saved, and that the stored ones are still being read after a reload', () => {
  expect(describePersistence(healthy)).toMatchObject({ tone: 'ok', short: 'saved in IndexedDB', problems: [] })
  const reading = describePersistence({ ...healthy, restoring: true })
  expect(reading).toMatchObject({ tone: 'ok', short: 'reading stored artefacts…', problems: [] })
  expect(reading.saving).toMatch(/Still reading the stored artefacts/)
})

test('a problem outranks the reading: memory only, a failed write, skipped records', () => {
  const restoring = { ...healthy, restoring: true }
  expect(
    describePersistence({ ...restoring, mode: 'unsaved', lastErrorKind: 'load', lastError: 'blocked' }),
  ).toMatchObject({
    tone: 'warn',
    short: 'memory only, not saved',
    problems: ['blocked'],
  })
  expect(describePersistence({ ...restoring, lastErrorKind: 'write', lastError: 'disk full' }).short).toBe(
    'saving failed',
  )
  expect(describePersistence({ ...restoring, skipped: ['artefact x: does not fit the schema'] })).toMatchObject({
    tone: 'warn',
    short: '1 stored record skipped',
  })
})

test('a page of stored artefacts that could not be read is a warning, with its reason', () => {
  const failed = describePersistence({
    ...healthy,
    lastErrorKind: 'load',
    lastError: 'load of the stored artefacts failed (those not read are fetched when asked for): the disk went away',
  })
  expect(failed).toMatchObject({ tone: 'warn', short: 'stored artefacts partly listed' })
  expect(failed.problems).toEqual([expect.stringMatching(/the disk went away/)])
})
