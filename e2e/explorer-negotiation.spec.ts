import { expect, test } from './fixtures.ts'

test('Accept: text/html gives 406, explained before and after sending', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.accept.selectOption('text/html')
  await expect(explorerPage.builder).toContainText('✗ text/html cannot be produced → 406')

  const response = await explorerPage.send()

  expect(response.status()).toBe(406)
  await expect(explorerPage.status).toHaveText('406 Not Acceptable')
  await expect(explorerPage.meaning).toContainText('application/json must be the only media type')
  await expect(explorerPage.mockReason).toContainText('text/html')
  await expect(explorerPage.schemaCheck).toContainText('Matches the spec (Error body)')
})

test('a custom Accept is judged as the mock judges it', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Get an artefact')
  await explorerPage.accept.selectOption({ label: 'Custom…' })
  await explorerPage.acceptValue.fill('application/*;q=0.5, */*')
  await expect(explorerPage.builder).toContainText('✓ application/json satisfies every range')

  const response = await explorerPage.send()

  expect(response.status()).toBe(200)
})

test('Content-Type: text/plain gives 415', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.contentType.selectOption('text/plain')

  const response = await explorerPage.send()

  expect(response.status()).toBe(415)
  await expect(explorerPage.status).toHaveText('415 Unsupported Media Type')
  await expect(explorerPage.meaning).toContainText('The only supported media type is application/json')
  await expect(explorerPage.mockReason).toContainText('text/plain')
})

test('an omitted Content-Type sends no header and succeeds', async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.contentType.selectOption({ label: 'Omitted (no header)' })

  const response = await explorerPage.send()

  expect(response.request().headers()['content-type']).toBeUndefined()
  expect(response.status()).toBe(200)
  await expect(explorerPage.responseBody).toContainText('"hasErrors": false')
})
