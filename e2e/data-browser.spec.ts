import { expect, test } from './fixtures.ts'
import { ExplorerPage } from './pages/explorer-page.ts'
import { PanelsPage, SEED_ARTEFACT_COUNT } from './pages/panels-page.ts'
import { RECORD_VERSION } from '../mocks/store/types.ts'
import { writeStoredRecords } from './support/mock-database.ts'

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

test('after a reload, the filter and the id picker find a stored artefact by its title and id, and a GET answers it', async ({
  page,
}) => {
  const panels = new PanelsPage(page)
  const explorer = new ExplorerPage(page)
  await panels.goto()
  // Characters above U+00FF and quotes: listed from the summary stored with the record, read from its text by the GET.
  const id = await panels.createArtefact('Café “quoted” … notes')
  await panels.reload()
  await panels.data.getByLabel('Filter').fill('“quoted” …')
  await expect(panels.artefacts.getByRole('button', { name: /^Open / })).toHaveCount(1)
  await panels.data.getByLabel('Filter').fill(id.slice(-12))
  await expect(panels.artefacts.getByRole('button', { name: 'Open Café “quoted” … notes' })).toBeVisible()

  await explorer.chooseOperation('Get an artefact')
  await explorer.pickStoredArtefact('café “quoted”', 'Café “quoted” … notes')
  await expect(explorer.idInput).toHaveValue(id)
  const answer = JSON.parse((await panels.getArtefact(id)).body) as { title: string }
  expect(answer.title).toBe('Café “quoted” … notes')
})

test('a stored artefact whose text was changed by hand lists as unreadable; its GET is 404, and it is dropped and reported', async ({
  page,
}) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  const id = await panels.createArtefact('Changed by hand')
  // As a person could in DevTools: the record's text, cut so that it is no longer JSON.
  const text = `{"artefact":{"id":"${id}","title":"Changed by hand"},}`
  // This version's record (a summary-less one of an older version is checked and skipped on load instead).
  await writeStoredRecords(page, [[`artefact:${id}`, { v: RECORD_VERSION, json: text, at: Date.now() }]])
  await panels.reload()
  const unreadable = panels.artefactRow('Unreadable stored artefact (its text is not JSON)')
  await expect(unreadable).toBeVisible()
  expect((await panels.getArtefact(id)).status).toBe(404)
  await expect(unreadable).toHaveCount(0)
  await expect(panels.data.getByLabel('Store health')).toContainText(`artefact ${id}: its stored text is not JSON`)
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

test('with 2,000 more stored, the browser and the id picker still find any artefact, rendering a screenful', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const panels = new PanelsPage(page)
  const explorer = new ExplorerPage(page)
  await panels.goto()
  const needle = await panels.createArtefact('Needle in a big store')
  await panels.createArtefacts(2000)
  const stored = (SEED_ARTEFACT_COUNT + 2001).toLocaleString('en')
  await expect(panels.artefacts.getByRole('caption')).toContainText(`(${stored} of ${stored})`)
  // Only the rows in view (and a margin) are in the DOM, not one per artefact.
  expect(await panels.artefacts.getByRole('row').count()).toBeLessThan(60)

  // The keyboard still reaches the oldest, scrolled far out of the DOM at first.
  await panels.artefacts.getByRole('button', { name: 'Open Bulk 2000' }).focus()
  await page.keyboard.press('End')
  await expect(panels.artefacts.getByRole('button', { name: 'Open Reset your password' })).toBeFocused()
  await expect(panels.artefacts.getByRole('button', { name: 'Open Reset your password' })).toBeInViewport()

  await panels.data.getByLabel('Filter').fill('needle')
  await expect(panels.artefacts.getByRole('caption')).toContainText(`(1 of ${stored})`)
  await panels.artefacts.getByRole('button', { name: 'Open Needle in a big store' }).click()
  await expect(explorer.idInput).toHaveValue(needle)

  await explorer.idInput.fill('')
  await explorer.storedArtefacts.click()
  await expect(explorer.storedArtefactOptions).toHaveCount(50)
  await expect(explorer.builder.getByText(`50 of ${stored} shown`)).toBeVisible()
  // By keyboard: type to narrow, ArrowDown to the first match, Enter picks.
  await explorer.storedArtefacts.fill('needle')
  await expect(explorer.storedArtefactOptions).toHaveCount(1)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(explorer.idInput).toHaveValue(needle)
  await expect(explorer.builder.getByText('✓ Stored: Needle in a big store (published)')).toBeVisible()

  // Any id can still be typed, stored or not.
  await explorer.idInput.fill('0a1e0001-5c0f-4a11-9c00-0000000fffff')
  await expect(explorer.builder.getByText(/✗ .* → 404/)).toBeVisible()
})
