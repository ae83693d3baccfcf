import { expect, test } from './fixtures.ts'
import { BuilderPage } from './pages/builder-page.ts'

test('isDraft "yes" is flagged as a 400 before sending, and answered 400', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.isDraft.selectOption({ label: 'Raw value…' })
  await explorerPage.isDraftValue.fill('yes')

  await expect(explorerPage.isDraft).toHaveAccessibleDescription('✗ isDraft: "yes" is not true or false → 400')
  await expect(builder.expected).toContainText('400 Bad Request')

  expect((await explorerPage.send()).status()).toBe(400)
  await expect(explorerPage.mockReason).toContainText('isDraft: "yes" is not true or false')
})

test('an id with spaces is flagged as a 400, and a well-formed unknown id as a 404', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.idInput.fill('not an id')
  await expect(explorerPage.idInput).toHaveAccessibleDescription(/is not a UUID .* → 400/)
  await expect(builder.expected).toContainText('400 Bad Request')
  expect((await explorerPage.send()).status()).toBe(400)

  await explorerPage.idInput.fill('0a1e0001-5c0f-4a11-9c00-0000000000ff')
  await expect(explorerPage.idInput).toHaveAccessibleDescription(/no artefact has id .* → 404/)
  expect((await explorerPage.send()).status()).toBe(404)
})

test('an unknown category id and a repeated query are flagged before sending as a 200 with hasErrors', async ({
  explorerPage,
  page,
}) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.setBody(
    '{"title": "Orphan", "category": {"id": 999}, "primaryQuery": "pin", "queryVariations": [{"query": "Pin"}]}',
  )

  await expect(explorerPage.bodyCheck).toContainText(
    'category.id: no category has id 999. → 200 hasErrors, nothing stored',
  )
  await expect(explorerPage.bodyCheck).toContainText('queryVariations[0].query: it repeats primaryQuery.')
  await expect(explorerPage.bodyCheck).not.toContainText('Fits the request schema')
  await expect(builder.expected).toContainText('200 OK · hasErrors')

  await explorerPage.send()
  await expect(explorerPage.status).toHaveText('200 OK · hasErrors')
  await expect(explorerPage.status).toHaveClass(/status--warn/)
})

test('a category name already taken is flagged as a 422 before sending', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Create an artefact category')
  await explorerPage.setBody('{"name": "getting started"}')

  await expect(explorerPage.bodyCheck).toContainText('is taken by category 1')
  await expect(builder.expected).toContainText('422 Unprocessable Entity')
  expect((await explorerPage.send()).status()).toBe(422)
})

test('the Prefer header behind Force status is shown before sending', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.forceStatus.selectOption({ label: '404 Not Found' })

  await expect(builder.exactRequest.locator('summary')).toContainText('Prefer: code=404')
  await builder.exactRequest.locator('summary').click()
  await expect(builder.requestToSend).toContainText('Prefer: code=404')
  await expect(builder.requestToSend).toContainText('Accept: application/json')
  await expect(builder.expected).toContainText('404 Not Found')
})

test('a used-up quota reads the same in the chip and the body, and is forecast', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Get an artefact')
  await page.evaluate(() => window.__ARTEFACT_MOCK__?.set({ quota: 0 }))

  await expect(builder.expected).toContainText('403 Out of call volume quota')
  await explorerPage.send()

  await expect(explorerPage.status).toHaveText('403 Out of call volume quota')
  await expect(explorerPage.responseBody).toContainText('"message": "Out of call volume quota"')
})

test('the answer shows one timing, labelled as the round trip', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.send()

  await expect(builder.roundTrip).toHaveText(/^Round trip \d+ ms$/)
  await expect(builder.response.getByText(/\d+ ms/)).toHaveCount(1)
})
