import { expect, type Response, test } from '@playwright/test'

const ARTEFACT = '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'

test('next dev: the page shows the mocked artefact, answered by the service worker', async ({ page, request }) => {
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(String(error)))
  const artefactResponses: Response[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === ARTEFACT) artefactResponses.push(response)
  })

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')

  // The page's request never reached the network (next dev would answer it 404).
  expect(artefactResponses.length).toBeGreaterThan(0)
  for (const response of artefactResponses) {
    expect(response.status()).toBe(200)
    expect(response.fromServiceWorker()).toBe(true)
  }
  // The server rendered the page (the provider holds back hydration only, not the render).
  expect(await (await request.get('/')).text()).toContain('Loading…</h1>')
  // No msw start twice ("already enabled"/"already started") under StrictMode or Fast Refresh,
  // and no Next.js dev error either (such as "Could not validate that a segment in your UI
  // has instant navigation", which a provider that renders nothing on the server causes).
  expect(consoleErrors).toEqual([])
})
