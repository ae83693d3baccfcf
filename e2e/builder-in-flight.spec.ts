import { expect, test } from './fixtures.ts'
import { BuilderPage } from './pages/builder-page.ts'
import { PREFIX } from './pages/explorer-page.ts'

test.beforeEach(async ({ explorerPage }) => {
  await explorerPage.chooseOperation('Get an artefact')
})

test('Send is disabled while a request is in flight, so a double click sends once', async ({ explorerPage, page }) => {
  let sent = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(PREFIX) && !request.serviceWorker()) sent += 1
  })
  await page.evaluate(() => window.__ARTEFACT_MOCK__?.set({ latency: { mode: 'fixed', ms: 800 } }))

  await explorerPage.sendButton.dblclick()

  await expect(explorerPage.sendButton).toBeDisabled()
  await expect(explorerPage.sendButton).toContainText('Sending')
  await expect(explorerPage.status).toHaveText('200 OK')
  await expect(explorerPage.sendButton).toBeEnabled()
  expect(sent).toBe(1)
})

test('Cancel stops waiting for a slow answer and says it was cancelled', async ({ explorerPage, page }) => {
  const builder = new BuilderPage(page)
  await page.evaluate(() => window.__ARTEFACT_MOCK__?.set({ latency: { mode: 'fixed', ms: 60_000 } }))

  await explorerPage.sendButton.click()
  await expect(builder.inFlight).toContainText('Sending')
  await builder.cancel.click()

  await expect(explorerPage.status).toHaveText('Cancelled')
  await expect(builder.inFlight).toHaveCount(0)
  await expect(explorerPage.sendButton).toBeEnabled()
})

test('the previous answer stays in view, faded and labelled, while the next is on its way', async ({
  explorerPage,
  page,
}) => {
  const builder = new BuilderPage(page)
  await explorerPage.send()
  await page.evaluate(() => window.__ARTEFACT_MOCK__?.set({ latency: { mode: 'fixed', ms: 60_000 } }))

  await page.keyboard.press('ControlOrMeta+Enter')

  await expect(builder.staleNote).toBeVisible()
  await expect(builder.response).toHaveAttribute('aria-busy', 'true')
  const opacity = () => page.locator('.viewer__answer').evaluate((element) => Number(getComputedStyle(element).opacity))
  await expect.poll(opacity).toBeLessThan(0.6)
  await builder.inFlight.getByRole('button', { name: 'Cancel request' }).click()
  await expect(builder.staleNote).toHaveCount(0)
})
