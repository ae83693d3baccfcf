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

test('Replay over an unsent draft keeps it whole: Restore brings back its body and isDraft, Open leaves it alone', async ({
  explorerPage,
  page,
}) => {
  const history = page.getByRole('region', { name: 'History' })
  const replaced = explorerPage.builder.getByRole('note', { name: 'Replaced draft' })
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.send()
  // The editor renders the lines in view only: the example's tagged title tells the sent body apart.
  await expect(explorerPage.body).toContainText(/"title": "[^"]+ #\w{4}"/)
  const sent = /"title": "[^"]+ #\w{4}"/.exec((await explorerPage.body.textContent()) ?? '')![0]
  await explorerPage.setBody(EDITED)
  await explorerPage.isDraft.selectOption('true')

  await page.getByRole('tab', { name: 'History' }).click()
  // Open shows the answer and touches no draft.
  await history.getByRole('button', { name: /^Open response of POST/ }).click()
  await expect(explorerPage.body).toHaveText(EDITED)
  await expect(replaced).toHaveCount(0)

  await history.getByRole('button', { name: /^Replay POST/ }).click()
  await expect(explorerPage.body).toContainText(sent)
  await expect(explorerPage.isDraft).toHaveValue('__omit__')
  await expect(replaced).toContainText('Replay replaced your unsent draft of “Create an artefact”')
  await replaced.getByRole('button', { name: 'Restore my draft' }).click()
  await expect(explorerPage.body).toHaveText(EDITED)
  await expect(explorerPage.isDraft).toHaveValue('true')
  await expect(replaced).toHaveCount(0)

  // Dropped, it is gone; a draft already sent is in the history and is not kept twice.
  await history.getByRole('button', { name: /^Replay POST/ }).click()
  await replaced.getByRole('button', { name: 'Drop it' }).click()
  await expect(replaced).toHaveCount(0)
  await history.getByRole('button', { name: /^Replay POST/ }).click()
  await expect(explorerPage.body).toContainText(sent)
  await expect(replaced).toHaveCount(0)
})

test('after a category is created its draft takes a new #tag, so the next Send creates another rather than a 422', async ({
  explorerPage,
  page,
}) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Create an artefact category')
  await explorerPage.setBody('{"name": "Trips"}')
  expect((await explorerPage.send()).status()).toBe(201)

  await expect(explorerPage.body).toHaveText(/^\{"name": "Trips #[a-z0-9]{4}"\}$/)
  const renamed = JSON.parse(await explorerPage.body.innerText()).name as string
  await expect(builder.created).toContainText('Category 7 is named “Trips”.')
  await expect(builder.created).toContainText(`the next Send creates “${renamed}”`)
  await expect(builder.expected).toContainText('201')
  expect((await explorerPage.send()).status()).toBe(201)
  // The tag is swapped, not stacked.
  await expect(explorerPage.body).toHaveText(/^\{"name": "Trips #[a-z0-9]{4}"\}$/)
  await expect(explorerPage.body).not.toHaveText(`{"name": "${renamed}"}`)
  // The editor can undo it, back to the name just sent.
  await explorerPage.body.click()
  await page.keyboard.press('ControlOrMeta+Z')
  await expect(explorerPage.body).toHaveText(`{"name": "${renamed}"}`)
})
