import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext } from '@playwright/test'
import { expect, test, waitForMock } from './fixtures.ts'
import { ARTEFACT_ID, ExplorerPage, PREFIX } from './pages/explorer-page.ts'

declare global {
  interface Window {
    __releaseWorker?: () => void
  }
}

/** Holds `navigator.serviceWorker.register` (msw's worker.start) until the test calls `window.__releaseWorker()`. */
function holdWorker() {
  if (!('serviceWorker' in navigator)) return
  const container = navigator.serviceWorker
  const register = container.register.bind(container)
  const released = new Promise<void>((resolve) => {
    window.__releaseWorker = resolve
  })
  container.register = async (...args: Parameters<ServiceWorkerContainer['register']>) => {
    await released
    return register(...args)
  }
}

/** Answers every API request that reaches the network (a real backend would) and records its URL. */
async function watchNetwork(context: BrowserContext): Promise<string[]> {
  const reached: string[] = []
  await context.route(`**${PREFIX}/**`, (route) => {
    reached.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{"from":"network"}' })
  })
  return reached
}

test('the shell is on screen before the worker runs, and a send waits for the worker', async ({ page, context }) => {
  const reached = await watchNetwork(context)
  await context.addInitScript(holdWorker)
  const explorer = new ExplorerPage(page)
  await explorer.goto(`?op=getArtefact`)

  // The worker is held: the operations and the builder are there, sending is not.
  await expect(page.getByRole('status').filter({ hasText: 'Starting the mock worker…' })).toBeVisible()
  await expect(explorer.operations.getByRole('button')).toHaveCount(3)
  await expect(explorer.builder).toBeVisible()
  await expect(explorer.idInput).toHaveValue(ARTEFACT_ID)
  const starting = explorer.builder.getByRole('button', { name: /^Starting…/ })
  await expect(starting).toBeDisabled()
  await expect(explorer.workerRunning).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Data browser' })).toContainText('Loading the stored data…')
  await page.screenshot({ path: test.info().outputPath('shell-while-the-worker-starts.png') })
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])

  // The shortcut still sends: the send waits for the worker instead of reaching the network.
  await explorer.idInput.click()
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(explorer.builder.getByRole('button', { name: /^Sending/ })).toBeDisabled()

  const answer = page.waitForResponse((response) => response.url().endsWith(`/resources/artefact/${ARTEFACT_ID}`))
  await page.evaluate(() => window.__releaseWorker?.())
  await waitForMock(page)
  expect((await answer).fromServiceWorker()).toBe(true)
  await expect(explorer.status).toContainText('200')
  await expect(explorer.responseBody).toContainText(ARTEFACT_ID)
  await expect(explorer.sendButton).toBeEnabled()
  expect(reached).toEqual([])
})

test('a send cancelled while the worker starts sends nothing, then and later', async ({ page, context }) => {
  const reached = await watchNetwork(context)
  await context.addInitScript(holdWorker)
  const explorer = new ExplorerPage(page)
  await explorer.goto(`?op=getArtefact`)
  await expect(explorer.builder).toBeVisible()

  await explorer.idInput.click()
  await page.keyboard.press('ControlOrMeta+Enter')
  await explorer.builder.getByRole('button', { name: 'Cancel' }).click()
  await expect(explorer.response).toContainText('Cancelled')

  await page.evaluate(() => window.__releaseWorker?.())
  await waitForMock(page)
  expect(reached).toEqual([])
})
