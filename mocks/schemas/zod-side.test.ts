/**
 * Decision 054: where the schema builders are not imported (the browser entry's graph), zod loads
 * on first use. This file imports only what that graph imports, so zod is not here when it starts.
 */
import { expect, test } from 'vitest'
import { readSideOfDataSet } from '../data/read-side.ts'
import type { StoredArtefact } from './resources.ts'
import { createStoreOf } from '../store/core.ts'
import { memoryTabSyncs } from '../store/tab-sync.ts'
import { capturedSync } from '../testing/captured-sync.ts'
import { loadZodSide, zodSide, zodSideLoaded } from './zod-side.ts'

const record = (id: string): StoredArtefact => {
  const [first] = readSideOfDataSet()
  if (!first) throw new Error('the data set is empty')
  return { ...first, artefact: { ...first.artefact, id, title: `Sent by another tab ${id.slice(-2)}` } }
}
const X = '0a1e0001-5c0f-4a11-9c00-0000000000a1'
const Y = '0a1e0001-5c0f-4a11-9c00-0000000000a2'
const Z = '0a1e0001-5c0f-4a11-9c00-0000000000a3'

test('messages from another tab that come before zod is loaded wait for it, then apply by generation', async () => {
  expect(zodSideLoaded()).toBe(false)
  expect(() => zodSide()).toThrow(/not loaded yet/)
  const [other, own] = memoryTabSyncs(2)
  if (!other || !own) throw new Error('expected two tabs')
  const store = createStoreOf({ sync: own }, readSideOfDataSet)
  // A store without a persistence subscribes on its first use.
  await store.serving
  const seeded = store.getSnapshot().artefacts.length

  other.post({ type: 'artefact', record: record(X), generation: 0 })
  other.post({ type: 'reset', generation: 1 })
  other.post({ type: 'artefact', record: record(Y), generation: 1 })
  // Made before the reset, and late: the reset wiped it.
  other.post({ type: 'artefact', record: record(Z), generation: 0 })
  other.post({ type: 'artefact', record: { artefact: { id: 'not an artefact' } } as never, generation: 1 })
  // Loading zod's chunk takes a while on a loaded machine: a second or more under Vitest's transform.
  await expect.poll(() => store.getSnapshot().health.skipped.length, { timeout: 15_000 }).toBe(1)

  expect(zodSideLoaded()).toBe(true)
  const held = store.getSnapshot().artefacts.map((stored) => stored.artefact.id)
  expect(held).toContain(Y)
  expect(held).not.toContain(X)
  expect(held).not.toContain(Z)
  expect(held).toHaveLength(seeded + 1)
  expect(store.getSnapshot().health.skipped).toEqual(['message from another tab: does not fit the schema'])
})

test('once zod is here, a message applies within the call that delivers it', async () => {
  await loadZodSide()
  const { sync, deliver } = capturedSync()
  const store = createStoreOf({ sync }, readSideOfDataSet)
  await store.serving
  deliver({ type: 'artefact', record: record(X), generation: 0 })
  // Not a microtask later: synchronously, as before zod loaded on first use.
  expect(store.getArtefact(X)).toBeDefined()
})
