import { expect, test } from './fixtures.ts'
import { PREFIX } from './pages/explorer-page.ts'

test('malformed JSON is sent on purpose and answered 400 with its reason', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.setBody('{"title": "Half a body",')
  await expect(explorerPage.bodyCheck).toContainText('Not valid JSON')

  const response = await explorerPage.send()

  expect(response.status()).toBe(400)
  await expect(explorerPage.status).toHaveText('400 Bad Request')
  await expect(explorerPage.meaning).toContainText('The request is malformed')
  await expect(explorerPage.mockReason).toContainText('body: not valid JSON')
})

test('a body without a title is answered 422 with its reason', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.setBody('{"primaryQuery": "no title here"}')
  await expect(explorerPage.bodyCheck).toContainText('title: is required')

  const response = await explorerPage.send()

  expect(response.status()).toBe(422)
  await expect(explorerPage.status).toHaveText('422 Unprocessable Entity')
  await expect(explorerPage.mockReason).toContainText('title: is required')
})

test('a 200 with hasErrors is shown as accepted but not stored', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.setBody('{"title": "Orphan", "category": {"id": 999}}')

  const response = await explorerPage.send()

  expect(response.status()).toBe(200)
  await expect(explorerPage.notStored).toContainText('Accepted but not stored')
  await expect(explorerPage.notStored).toContainText('category.id: no category has id 999')
})

test('a forced status is answered with its Error body', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.forceStatus.selectOption({ label: '503 Service Unavailable' })

  const response = await explorerPage.send()

  expect(response.status()).toBe(503)
  await expect(explorerPage.meaning).toContainText('The servers are under maintenance')
  await expect(explorerPage.meaning).toContainText('Retry-After')
})

test('an artefact whose text holds markup displays inert', async ({ explorerPage, page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const xss = '<img src=x onerror=alert(1)>'
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.setBody(JSON.stringify({ title: xss, content: [{ mediaType: 'text/html', text: xss }] }))
  await explorerPage.send()
  await expect(explorerPage.responseBody).toContainText('"hasErrors": false')

  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.pickStoredArtefact(xss, `★ Last created: ${xss}`)
  await explorerPage.send()

  await expect(explorerPage.responseBody).toContainText(`"text": ${JSON.stringify(xss)}`)
  await expect(page.getByText(xss).first()).toBeVisible()
  expect(await page.locator('[onerror]').count()).toBe(0)
  expect(await page.locator('img').count()).toBe(0)
  expect(dialogs).toEqual([])
})

test('Ctrl+Enter sends once, from the body editor and from a field', async ({ explorerPage, page }) => {
  let sent = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(PREFIX) && !request.serviceWorker()) sent += 1
  })
  await explorerPage.chooseOperation('Create an artefact category')
  await expect(explorerPage.body).toHaveAttribute('contenteditable', 'true')
  await explorerPage.body.click()
  const fromEditor = await explorerPage.send('shortcut')
  expect(fromEditor.status()).toBe(201)

  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.idInput.click()
  const fromField = await explorerPage.send('shortcut')
  expect(fromField.status()).toBe(200)
  expect(sent).toBe(2)
})
