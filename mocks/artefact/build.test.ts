import { expect, test } from 'vitest'
import { CreateArtefactRequest } from '../schemas/requests.ts'
import { buildArtefact } from './build.ts'

const INPUT = CreateArtefactRequest.parse({
  title: 'Pin a note',
  content: [{ mediaType: 'text/html', text: '<p>Notes &amp; notebooks</p><p>Pin one</p>' }],
  variations: [{ channels: [{ id: 2 }], content: [{ mediaType: 'text/html', text: '<b>Tap &lt;Pin&gt;</b>' }] }],
})

const CONTEXT = {
  id: '6f1c2a9e-0b7d-4c3e-9a51-2d8f4e6b7c10',
  dateCreated: '2026-11-24T10:00:00.000Z',
  dateModified: '2026-11-24T10:00:00.000Z',
  category: null,
  isDraft: false,
}

test('renders simpleContent in the build, as plain data on the artefact and each variation', () => {
  const { artefact } = buildArtefact(INPUT, CONTEXT)
  expect(Object.getOwnPropertyDescriptor(artefact, 'simpleContent')).toEqual({
    value: 'Notes & notebooks\nPin one',
    writable: true,
    enumerable: true,
    configurable: true,
  })
  expect(Object.getOwnPropertyDescriptor(artefact.variations[0], 'simpleContent')).toMatchObject({
    value: 'Tap <Pin>',
  })
  // The read side's key order: simpleContent right after content.
  const keys = Object.keys(artefact)
  expect(keys.indexOf('simpleContent')).toBe(keys.indexOf('content') + 1)
})
