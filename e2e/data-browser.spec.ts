import { expect, test } from './fixtures.ts'
import { PanelsPage, SEED_ARTEFACT_COUNT } from './pages/panels-page.ts'

test('an artefact created with isDraft=true shows as Draft', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.createArtefact('Draft from e2e', '?isDraft=true')
  await panels.createArtefact('Published from e2e', '?isDraft=false')

  await expect(panels.artefactRow('Draft from e2e')).toContainText('Draft')
  await expect(panels.artefactRow('Published from e2e')).not.toContainText('Draft')
})

test('a created artefact survives a reload, and reset restores the data set', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  const id = await panels.createArtefact('Kept across reloads')
  await panels.reload()
  await expect(panels.artefactRow('Kept across reloads')).toBeVisible()
  await expect(panels.artefactRow('Kept across reloads').getByTitle(id, { exact: true })).toBeVisible()

  await panels.openTab('Mock controls')
  await panels.controls.getByRole('button', { name: 'Reset data set…' }).click()
  await panels.controls.getByRole('button', { name: 'Confirm reset' }).click()
  await expect(panels.controls.getByText('Data set restored.')).toBeVisible()
  await expect(panels.artefactRow('Kept across reloads')).toHaveCount(0)
  await expect(panels.artefacts.getByRole('button', { name: /^Open / })).toHaveCount(SEED_ARTEFACT_COUNT)

  await panels.reload()
  await expect(panels.artefacts.getByRole('button', { name: /^Open / })).toHaveCount(SEED_ARTEFACT_COUNT)
  expect((await panels.getArtefact(id)).status).toBe(404)
})

test('Open loads a GET of that artefact into the builder, and the filter narrows the list', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  const id = await panels.createArtefact('Zebra crossing notes')
  await panels.data.getByLabel('Filter').fill('zebra')
  await expect(panels.artefacts.getByRole('button', { name: /^Open / })).toHaveCount(1)

  await panels.artefacts.getByRole('button', { name: 'Open Zebra crossing notes' }).click()
  await expect(panels.builder).toContainText(`/resources/artefact/${id}`)
  await expect(panels.data.getByLabel('Store health')).toContainText('IndexedDB')
})
