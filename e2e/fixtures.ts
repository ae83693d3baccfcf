import { test as base, type BrowserContext, expect, type Page } from '@playwright/test'
import { ExplorerPage } from './pages/explorer-page.ts'

/**
 * Waits until the page says the mock worker runs; fails at once, with the page's own
 * reason, when it says the worker could not start.
 */
export async function waitForMock(page: Page): Promise<void> {
  const { workerRunning, workerFailed } = new ExplorerPage(page)
  await expect(workerRunning.or(workerFailed)).toBeVisible()
  if (await workerFailed.isVisible()) throw new Error(`[artefact-mock] ${await workerFailed.innerText()}`)
}

const FAILED_TO_LOAD = 'Failed to load resource: the server responded with a status of '

/**
 * Collects the console errors and uncaught errors of `context`. Listens on the context,
 * so service worker consoles count too. One exclusion: Chromium logs "Failed to load
 * resource: ... status of 4xx/5xx" for every error status, even one the mock answered on
 * purpose. That line is dropped only when the mock itself answered the URL with an error
 * status (tests assert such statuses directly). A request the worker passed through also
 * counts as fromServiceWorker(), so those are told apart by the network request the
 * worker then sends. The fixture below uses it for the test's context; a test that opens
 * more contexts calls it for each.
 */
export function watchPageErrors(context: BrowserContext): { errors: () => string[] } {
  const consoleErrors: Array<{ text: string; url: string }> = []
  const uncaught: string[] = []
  const errorUrlsFromWorker = new Set<string>()
  const urlsWorkerFetched = new Set<string>()
  context.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push({ text: message.text(), url: message.location().url })
  })
  context.on('weberror', (webError) => {
    const error = webError.error()
    // An error thrown without a message or stack (a bare DOMException, a rejected null) still says what it was.
    uncaught.push(
      `uncaught: ${error.stack || error.message || `${error.name} (no message) on ${webError.page()?.url() ?? 'no page'}`}`,
    )
  })
  context.on('request', (request) => {
    if (request.serviceWorker()) urlsWorkerFetched.add(request.url())
  })
  context.on('response', (response) => {
    if (response.fromServiceWorker() && response.status() >= 400) errorUrlsFromWorker.add(response.url())
  })
  return {
    errors() {
      const errors = [...uncaught]
      for (const { text, url } of consoleErrors) {
        const mocked = errorUrlsFromWorker.has(url) && !urlsWorkerFetched.has(url)
        if (text.startsWith(FAILED_TO_LOAD) && mocked) continue
        errors.push(`console.error: ${text} (${url || 'no url'})`)
      }
      return errors
    },
  }
}

type Fixtures = {
  /** Auto: fails the test when a console.error or an uncaught error occurred in it. */
  pageErrors: void
  /** The explorer, loaded, with the mock worker running. */
  explorerPage: ExplorerPage
}

export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ context }, use) => {
      const watch = watchPageErrors(context)
      await use()
      expect(watch.errors(), 'the page logged errors').toEqual([])
    },
    { auto: true },
  ],
  explorerPage: async ({ page }, use) => {
    const explorerPage = new ExplorerPage(page)
    await explorerPage.goto()
    await waitForMock(page)
    await use(explorerPage)
  },
})

export { expect }
