import { expect, test, waitForMock } from './fixtures.ts'
import { watchCsp } from './support/csp-watch.ts'
import { ExplorerPage } from './pages/explorer-page.ts'

const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
  "img-src 'self' data:",
  "style-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

test('the built explorer runs the three operations and the JSON editor with 0 CSP violations', async ({
  page,
  context,
}) => {
  const csp = await watchCsp(context)
  const explorer = new ExplorerPage(page)
  const document = await page.goto('/')
  await waitForMock(page)
  expect(document?.headers()['content-security-policy']).toBe(POLICY)
  // The meta copy leaves out frame-ancestors, which browsers ignore in a meta policy.
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    POLICY.replace("; frame-ancestors 'none'", ''),
  )

  await explorer.chooseOperation('Create an artefact')
  // The lazy CodeMirror chunk has loaded when the body is its contenteditable, not the textarea.
  await expect(explorer.body).toHaveAttribute('contenteditable', 'true')
  await explorer.setBody(
    JSON.stringify({ title: 'Under a strict policy', content: [{ mediaType: 'text/html', text: '<p>Hi</p>' }] }),
  )
  await expect(explorer.bodyCheck).toContainText('Fits the request schema')
  expect((await explorer.send()).status()).toBe(200)
  await explorer.chooseOperation('Create an artefact category')
  expect((await explorer.send()).status()).toBe(201)
  await explorer.chooseOperation('Get an artefact')
  expect((await explorer.send()).status()).toBe(200)
  await page.getByRole('tab', { name: 'History' }).click()
  await page.getByRole('tab', { name: 'Mock controls' }).click()
  await page.getByRole('radio', { name: 'Dark theme' }).click()

  const violations = await csp.read(page)
  test.info().annotations.push({
    type: 'CSP violations (strict policy, 3 operations + JSON editor)',
    description: String(violations.length),
  })
  expect(violations).toEqual([])
})

test('the service worker script is served under the same policy', async ({ request }) => {
  const response = await request.get('/mockServiceWorker.js')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-security-policy']).toBe(POLICY)
})

test('nothing in the URL makes the explorer load from or send to another origin', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin
  const elsewhere: string[] = []
  context.on('request', (request) => {
    const url = request.url()
    if (url.startsWith('data:')) return
    if (new URL(url).origin !== origin) elsewhere.push(`${request.method()} ${url}`)
  })
  const hostile = new URLSearchParams({
    op: 'https://evil.test',
    tab: 'javascript:alert(1)',
    baseUrl: 'https://evil.test',
    url: '//evil.test/openapi.json',
    spec: 'https://evil.test/openapi.json',
    configUrl: 'https://evil.test/config.json',
    id: '../../../../evil.test',
  })
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const explorer = new ExplorerPage(page)
  await explorer.goto(`?${hostile.toString()}#https://evil.test`)
  await waitForMock(page)

  // Unknown values fall back to the defaults: Get an artefact, the network log.
  await expect(explorer.urlPreview).toContainText(`${origin}/v3/preview-upcoming/resources/artefact/`)
  await expect(page.getByRole('tab', { name: 'Network log' })).toHaveAttribute('aria-selected', 'true')
  const answer = await explorer.send()
  expect(new URL(answer.url()).origin).toBe(origin)
  await explorer.chooseOperation('Create an artefact')
  await expect(explorer.body).toHaveAttribute('contenteditable', 'true')
  expect((await explorer.send()).status()).toBe(200)

  expect(elsewhere).toEqual([])
  expect(dialogs).toEqual([])
})
