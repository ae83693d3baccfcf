import { expect, test } from './fixtures.ts'
import { ARTEFACT_ID } from './pages/explorer-page.ts'

test('reads an artefact by id, answered by the service worker', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Get an artefact')
  await expect(explorerPage.urlPreview).toContainText(`/v3/preview-upcoming/resources/artefact/${ARTEFACT_ID}`)

  const response = await explorerPage.send()

  expect(response.fromServiceWorker()).toBe(true)
  await expect(explorerPage.status).toHaveText('200 OK')
  await expect(explorerPage.schemaCheck).toContainText('Matches the spec')
  await expect(explorerPage.responseBody).toContainText('Reset your password')
})

test('creates an artefact and reads it back by the offered id', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Create an artefact')
  await expect(explorerPage.bodyCheck).toContainText('Fits the request schema')

  const created = await explorerPage.send()

  expect(created.fromServiceWorker()).toBe(true)
  await expect(explorerPage.status).toHaveText('200 OK')
  await expect(explorerPage.schemaCheck).toContainText('Matches the spec')
  await expect(explorerPage.responseBody).toContainText('"hasErrors": false')
  const { responseId } = (await created.json()) as { responseId: string }

  await explorerPage.chooseOperation('Get an artefact')
  await expect(explorerPage.idInput).toHaveValue(responseId)
  await explorerPage.idInput.fill('')
  await explorerPage.pickStoredArtefact('', /^★ Last created: Pin a note to the top of a notebook #/)
  await expect(explorerPage.idInput).toHaveValue(responseId)
  const read = await explorerPage.send()

  expect(read.status()).toBe(200)
  await expect(explorerPage.responseBody).toContainText(responseId)
})

test('creates a category, answered 201 by the service worker', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Create an artefact category')
  await expect(explorerPage.urlPreview).toContainText('/v3/preview-upcoming/resources/artefactcategory')

  const response = await explorerPage.send()

  expect(response.fromServiceWorker()).toBe(true)
  await expect(explorerPage.status).toHaveText('201 Created')
  await expect(explorerPage.schemaCheck).toContainText('Matches the spec')
  await expect(explorerPage.responseBody).toContainText('"categoryName": "Release notes')
})

test('keeps the chosen operation and tab in the URL', async ({ explorerPage, page }) => {
  await explorerPage.chooseOperation('Create an artefact category')
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page).toHaveURL(/op=createCategory/)
  await expect(page).toHaveURL(/tab=history/)

  await page.reload()

  await expect(explorerPage.urlPreview).toContainText('/resources/artefactcategory')
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
})
