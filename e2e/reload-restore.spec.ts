import { expect, test } from '@playwright/test'
import { PanelsPage, SEED_ARTEFACT_COUNT } from './pages/panels-page.ts'
import { PROBE_TIMING } from './support/startup-probe.ts'

// Decision 043: after a reload the mock answers once the categories and reset count are read;
// the stored artefacts follow in pages of 500, and a GET of one not held yet reads it. Here, in
// Chromium, the pages usually arrive before the worker is ready; mocks/store/restore.test.ts
// holds them back to test the reading through.
test('after a reload with 1,500 stored, the first GET of the newest is answered as stored, and the list fills to all of them', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.createArtefacts(1500)
  const newest = await panels.createArtefact('The newest of many', '?isDraft=true')

  // The page's first request after the reload, sent the moment the top bar says "Mock active".
  await page.addInitScript(PROBE_TIMING.afterMount, `/v3/preview-upcoming/resources/artefact/${newest}`)
  await panels.reload()
  const probe = await page
    .waitForFunction(() => window.__startupProbe)
    .then(() => page.evaluate(() => window.__startupProbe!))
  expect(probe).toEqual({ status: 200, artefactStatus: 'draft', id: newest })

  const stored = (SEED_ARTEFACT_COUNT + 1501).toLocaleString('en')
  await expect(panels.artefacts.getByRole('caption')).toContainText(`(${stored} of ${stored})`)
  await expect(panels.workerActive).toHaveText('Mock active · saved in IndexedDB')
  await expect(panels.artefacts.getByRole('button', { name: /^Open / }).first()).toHaveAccessibleName(
    'Open The newest of many',
  )
})
