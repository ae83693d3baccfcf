import type { BrowserContext, Page } from '@playwright/test'

/** A data-set artefact: the mock answers it 200 with X-Artefact-Status; no real server does. */
export const PROBE_PATH = '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'

export interface ProbeResult {
  status: number
  artefactStatus: string | null
  id: string | null
}

declare global {
  interface Window {
    __startupProbe?: Promise<ProbeResult>
  }
}

/**
 * Init scripts that send the probe from the page: `afterMount` as soon as the explorer
 * shows "Mock active" (the first moment app code can send), `atOnce` before any page
 * script runs, which is what a page that does not await worker.start() does.
 */
export const PROBE_TIMING = {
  afterMount: (path: string) => {
    const fire = () => {
      window.__startupProbe = fetch(path, { headers: { Accept: 'application/json' } }).then(async (response) => ({
        status: response.status,
        artefactStatus: response.headers.get('X-Artefact-Status'),
        id: ((await response.json().catch(() => null)) as { id?: string } | null)?.id ?? null,
      }))
    }
    const mounted = () =>
      [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes('Mock active'))
    new MutationObserver((_, observer) => {
      if (!mounted()) return
      observer.disconnect()
      fire()
    }).observe(document, { subtree: true, childList: true, characterData: true })
  },
  atOnce: (path: string) => {
    if (!location.protocol.startsWith('http')) return // the new page's about:blank
    window.__startupProbe = fetch(path, { headers: { Accept: 'application/json' } }).then(async (response) => ({
      status: response.status,
      artefactStatus: response.headers.get('X-Artefact-Status'),
      id: ((await response.json().catch(() => null)) as { id?: string } | null)?.id ?? null,
    }))
  },
} satisfies Record<string, (path: string) => void>

/**
 * Tells whether the mock answered the probe of the context's one page. fromServiceWorker() alone cannot: a request
 * the worker passed through counts too. So the worker must not have fetched it from the
 * network, and the answer must be the mock's (200, X-Artefact-Status, the artefact).
 */
export function watchProbe(context: BrowserContext): {
  verdict: (page: Page) => Promise<{ mock: boolean; detail: string }>
} {
  let fromWorker = 0
  let workerFetched = 0
  context.on('request', (request) => {
    if (request.serviceWorker() && request.url().endsWith(PROBE_PATH)) workerFetched += 1
  })
  context.on('response', (response) => {
    if (response.request().serviceWorker() || !response.url().endsWith(PROBE_PATH)) return
    if (response.fromServiceWorker()) fromWorker += 1
  })
  return {
    async verdict(page) {
      await page.waitForFunction(() => window.__startupProbe !== undefined)
      const result = await page.evaluate(() => window.__startupProbe!)
      const passedThrough = workerFetched
      const served = fromWorker > 0
      workerFetched = 0
      fromWorker = 0
      const mock =
        served &&
        passedThrough === 0 &&
        result.status === 200 &&
        result.artefactStatus === 'published' &&
        PROBE_PATH.endsWith(result.id ?? '-')
      return {
        mock,
        detail: `status ${result.status}, X-Artefact-Status ${result.artefactStatus}, fromServiceWorker ${served}, passed through ${passedThrough}`,
      }
    },
  }
}
