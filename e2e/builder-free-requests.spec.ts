import { expect, test } from './fixtures.ts'
import { BuilderPage } from './pages/builder-page.ts'
import { ARTEFACT_ID } from './pages/explorer-page.ts'
import { PanelsPage } from './pages/panels-page.ts'

test.beforeEach(async ({ explorerPage, page }) => {
  await explorerPage.chooseOperation('Get an artefact')
  await new BuilderPage(page).advanced()
})

test('the advanced mode starts from the form: method, path, headers', async ({ page }) => {
  const builder = new BuilderPage(page)
  await expect(builder.method).toHaveValue('GET')
  await expect(builder.path).toHaveValue(`/resources/artefact/${ARTEFACT_ID}`)
  await expect(builder.row('Header', 1).name).toHaveValue('Accept')
  await expect(builder.row('Header', 1).value).toHaveValue('application/json')
})

test('a PUT is forecast and answered 405, with Allow', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await builder.method.fill('PUT')
  await expect(builder.expected).toContainText('405 Method Not Allowed')

  const response = await explorerPage.send()

  expect(response.status()).toBe(405)
  expect(response.fromServiceWorker()).toBe(true)
  expect(response.headers().allow).toBe('GET, OPTIONS')
  await expect(explorerPage.status).toHaveText('405 Method Not Allowed')
})

test('OPTIONS is answered 204 with Allow, and its badge does not cover the path', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await builder.method.fill('OPTIONS')
  await expect(builder.expected).toContainText('204 No Content')

  const response = await explorerPage.send()

  expect(response.status()).toBe(204)
  await expect(explorerPage.status).toHaveText('204 No Content')
  for (const where of [builder.builder.locator('.builder__url'), explorerPage.response.locator('.viewer__request')]) {
    const badge = await where.getByText('OPTIONS', { exact: true }).first().boundingBox()
    const path = await where
      .getByText(/\/resources\/artefact/)
      .first()
      .boundingBox()
    expect(badge && path && badge.x + badge.width <= path.x).toBe(true)
  }
})

test('an unknown path under the prefix is forecast and answered 404', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await builder.path.fill('/resources/nothing-here')
  await expect(builder.expected).toContainText('404 Not Found')
  expect((await explorerPage.send()).status()).toBe(404)
})

test('sends added query parameters and headers exactly, and shows them before sending', async ({
  explorerPage,
  page,
}) => {
  const builder = new BuilderPage(page)
  await builder.addRow('Query parameter', 'trace', 'on')
  await builder.addRow('Header', 'X-Request-Id', 'abc-123')
  await builder.row('Header', 1).on.uncheck()
  await builder.exactRequest.locator('summary').click()
  await expect(builder.requestToSend).toContainText('X-Request-Id: abc-123')
  await expect(builder.requestToSend).not.toContainText('Accept:')
  await expect(explorerPage.urlPreview).toContainText('?trace=on')

  const response = await explorerPage.send()

  const sent = response.request().headers()
  expect(sent['x-request-id']).toBe('abc-123')
  expect(new URL(response.url()).searchParams.get('trace')).toBe('on')
  expect(response.status()).toBe(200)
})

test('a header the browser would not send is flagged beside it', async ({ page }) => {
  const builder = new BuilderPage(page)
  await builder.addRow('Header', 'Host', 'example.test')
  await expect(builder.builder).toContainText('the browser does not let a page set Host; it is not sent')
})

test('the free request is kept when going back to the form and returning', async ({ page }) => {
  const builder = new BuilderPage(page)
  await builder.method.fill('DELETE')
  await builder.form()
  await expect(builder.expected).toContainText('200 OK')
  await builder.advanced()
  await expect(builder.method).toHaveValue('DELETE')
})

test('replayed from the history after a reload, an advanced request comes back as it was sent', async ({
  explorerPage,
  page,
}) => {
  const builder = new BuilderPage(page)
  const panels = new PanelsPage(page)
  await builder.method.fill('PUT')
  expect((await explorerPage.send()).status()).toBe(405)
  // The builder moves on: back to the form, which a reload keeps.
  await builder.form()
  await panels.reload()
  await expect(builder.mode.getByRole('radio', { name: 'Form' })).toBeChecked()

  await panels.openTab('History')
  await panels.history
    .getByRole('button', { name: /^Replay / })
    .first()
    .click()

  await expect(builder.mode.getByRole('radio', { name: 'Advanced' })).toBeChecked()
  await expect(builder.method).toHaveValue('PUT')
  await expect(builder.path).toHaveValue(`/resources/artefact/${ARTEFACT_ID}`)
})
