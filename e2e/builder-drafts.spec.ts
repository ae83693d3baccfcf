import { expect, test } from './fixtures.ts'
import { BuilderPage } from './pages/builder-page.ts'
import { ARTEFACT_ID } from './pages/explorer-page.ts'

const EDITED = '{"title": "My own words", "primaryQuery": "kept"}'

test('keeps an edited body and isDraft across operation switches, a click on the current one and a reload', async ({
  explorerPage,
  page,
}) => {
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.setBody(EDITED)
  await explorerPage.isDraft.selectOption('true')

  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.chooseOperation('Create an artefact')
  await expect(explorerPage.body).toHaveText(EDITED)
  await expect(explorerPage.isDraft).toHaveValue('true')

  await explorerPage.chooseOperation('Create an artefact')
  await expect(explorerPage.body).toHaveText(EDITED)

  await page.reload()
  await expect(explorerPage.workerRunning).toBeVisible()
  await expect(explorerPage.body).toHaveText(EDITED)
  await expect(explorerPage.isDraft).toHaveValue('true')
  await expect(explorerPage.urlPreview).toContainText('?isDraft=true')
})

test('the editor keeps its undo history across a switch of operation and back', async ({ explorerPage, page }) => {
  await explorerPage.chooseOperation('Create an artefact category')
  await explorerPage.setBody('{"name": "Typed before the switch"}')

  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.chooseOperation('Create an artefact category')
  await explorerPage.body.click()
  await page.keyboard.press('ControlOrMeta+Z')
  await expect(explorerPage.body).not.toHaveText('{"name": "Typed before the switch"}')
  await page.keyboard.press('ControlOrMeta+Shift+Z')

  await expect(explorerPage.body).toHaveText('{"name": "Typed before the switch"}')
})

test('Open in the data browser names the artefact and keeps the Get builder choices and the create draft', async ({
  explorerPage,
  page,
}) => {
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.setBody(EDITED)
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.accept.selectOption('*/*')

  const data = page.getByRole('region', { name: 'Data browser' })
  await data.getByRole('button', { name: 'Open Fix notes that are not syncing' }).click()

  await expect(explorerPage.idInput).toHaveValue('0a1e0001-5c0f-4a11-9c00-000000000013')
  await expect(explorerPage.accept).toHaveValue('*/*')
  await explorerPage.chooseOperation('Create an artefact')
  await expect(explorerPage.body).toHaveText(EDITED)
})

test('Replay loads a past request, and undo in the editor brings back the edit it replaced', async ({
  explorerPage,
  page,
}) => {
  await explorerPage.chooseOperation('Create an artefact category')
  await explorerPage.setBody('{"name": "Sent once"}')
  await explorerPage.send()
  await explorerPage.setBody('{"name": "Edited after"}')

  await page.getByRole('tab', { name: 'History' }).click()
  await page
    .getByRole('region', { name: 'History' })
    .getByRole('button', { name: /^Replay POST/ })
    .click()
  await expect(explorerPage.body).toHaveText('{"name": "Sent once"}')

  await explorerPage.body.click()
  await page.keyboard.press('ControlOrMeta+Z')
  await expect(explorerPage.body).toHaveText('{"name": "Edited after"}')
})

test('Reset goes back to the example, and a new example gets a new title', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Create an artefact')
  // Read once the editor shows the example: innerText does not wait, and a CI run read it empty.
  const example = /"title": "Pin a note to the top of a notebook #\w{4}"/
  await expect(explorerPage.body).toContainText(example)
  const first = await explorerPage.body.innerText()
  await explorerPage.setBody('{"title": "Scratch"}')

  await builder.reset.click()

  await expect(explorerPage.body).toContainText(example)
  await expect(explorerPage.body).not.toHaveText(first)
  await explorerPage.chooseOperation('Get an artefact')
  await expect(explorerPage.idInput).toHaveValue(ARTEFACT_ID)
})
