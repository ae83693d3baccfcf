import type { BrowserContext, Page } from '@playwright/test'

interface Violation {
  directive: string
  blocked: string
  sample: string
}

declare global {
  interface Window {
    __cspViolations?: Violation[]
  }
}

/**
 * Records every `securitypolicyviolation` of the page (from before its first script)
 * and every console line that names the Content Security Policy.
 */
export async function watchCsp(context: BrowserContext): Promise<{ read: (page: Page) => Promise<string[]> }> {
  const consoleLines: string[] = []
  context.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text()))
      consoleLines.push(`console.${message.type()}: ${message.text()}`)
  })
  await context.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: `${event.sample} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      })
    })
  })
  return {
    async read(page) {
      const events = await page.evaluate(() => window.__cspViolations ?? [])
      return [
        ...events.map((v) => `${v.directive} blocked ${v.blocked || '(inline)'} ${v.sample}`.trim()),
        ...consoleLines,
      ]
    },
  }
}
