import { expect, test } from 'vitest'
import { markWorkerFailed, markWorkerReady, whenWorkerReady } from './worker-ready.ts'

// One module state per file: the steps run in order, as a page's start does.
test('a send waiting for the worker goes once the worker runs, and a later failure changes nothing', async () => {
  let sent = false
  const waiting = whenWorkerReady().then(() => {
    sent = true
  })
  await Promise.resolve()
  expect(sent).toBe(false)

  markWorkerReady()
  await waiting
  expect(sent).toBe(true)

  markWorkerFailed()
  await expect(whenWorkerReady()).resolves.toBeUndefined()
})
