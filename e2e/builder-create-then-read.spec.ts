import { expect, test } from './fixtures.ts'
import { BuilderPage } from './pages/builder-page.ts'

test('GET this artefact on a create answer reads the new artefact back', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Create an artefact')
  const created = await explorerPage.send()
  const { responseId } = (await created.json()) as { responseId: string }
  await expect(builder.created).toContainText(responseId)

  const read = page.waitForResponse((response) => response.url().endsWith(`/resources/artefact/${responseId}`))
  await builder.getThis.click()

  expect((await read).status()).toBe(200)
  expect((await read).fromServiceWorker()).toBe(true)
  await expect(explorerPage.status).toHaveText('200 OK')
  await expect(explorerPage.idInput).toHaveValue(responseId)
  await expect(explorerPage.responseBody).toContainText(responseId)
})

test('switching to Get names the artefact just created, and the id hint says so', async ({ explorerPage, page }) => {
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.chooseOperation('Create an artefact')
  const created = await explorerPage.send()
  const { responseId } = (await created.json()) as { responseId: string }

  await explorerPage.chooseOperation('Get an artefact')

  await expect(explorerPage.idInput).toHaveValue(responseId)
  await expect(explorerPage.idInput).toHaveAccessibleDescription(/created last/)
  await page.reload()
  await expect(explorerPage.workerRunning).toBeVisible()
  await expect(explorerPage.idInput).toHaveValue(responseId)
})

test('a create that stored nothing offers no GET', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.setBody('{"title": "Orphan", "category": {"id": 999}}')
  await explorerPage.send()

  await expect(explorerPage.notStored).toBeVisible()
  await expect(builder.getThis).toHaveCount(0)
})

test('two creates from the example get two titles the data browser tells apart', async ({ explorerPage, page }) => {
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.send()
  await explorerPage.insertExample.click()
  await explorerPage.send()

  const rows = page
    .getByRole('table', { name: 'Stored artefacts' })
    .getByRole('button', { name: /^Open Pin a note to the top of a notebook #\w{4}$/ })
  await expect(rows).toHaveCount(2)
  const [first, second] = await rows.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label')),
  )
  expect(first).not.toBe(second)
})
