import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { BuilderPage } from './pages/builder-page.ts'

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** The violations axe finds on the page as it is, each as "rule: where". */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
  return found.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`,
    ),
  )
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every tab passes WCAG 2.1 AA checks in the ${colorScheme} theme`, async ({ explorerPage, page }) => {
    // Nine full-page axe scans: 31-34 s on a 2-core machine running slow, over the default 30 s.
    test.setTimeout(90_000)
    await page.getByRole('radio', { name: colorScheme === 'light' ? 'Light theme' : 'Dark theme' }).click()
    await explorerPage.chooseOperation('Create an artefact')
    await explorerPage.setBody('{"title": "Orphan", "category": {"id": 999}}')
    await explorerPage.send()
    const found: string[] = []
    for (const view of ['Body', /^Headers/, 'Request'] as const) {
      await explorerPage.response.getByRole('tab', { name: view }).click()
      for (const tool of ['Network log', 'History', 'Mock controls'] as const) {
        await page.getByRole('tablist', { name: 'Tools' }).getByRole('tab', { name: tool }).click()
        found.push(...(await violations(page)))
      }
    }
    expect([...new Set(found)]).toEqual([])
  })

  test(`the advanced mode, the exact request and a request in flight pass WCAG 2.1 AA checks, ${colorScheme}`, async ({
    explorerPage,
    page,
  }) => {
    const builder = new BuilderPage(page)
    await page.getByRole('radio', { name: colorScheme === 'light' ? 'Light theme' : 'Dark theme' }).click()
    await explorerPage.chooseOperation('Get an artefact')
    await builder.advanced()
    await builder.addRow('Header', 'Host', 'example.test')
    await builder.exactRequest.locator('summary').click()
    await page.evaluate(() => window.__ARTEFACT_MOCK__?.set({ latency: { mode: 'fixed', ms: 60_000 } }))
    await explorerPage.sendButton.click()
    await expect(builder.inFlight).toBeVisible()

    expect(await violations(page)).toEqual([])
    await builder.cancel.click()
  })

  test(`the advanced mode's body editor and the hovered Send pass WCAG 2.1 AA checks, ${colorScheme}`, async ({
    explorerPage,
    page,
  }) => {
    const builder = new BuilderPage(page)
    await page.getByRole('radio', { name: colorScheme === 'light' ? 'Light theme' : 'Dark theme' }).click()
    await explorerPage.chooseOperation('Create an artefact')
    await builder.advanced()
    await expect(explorerPage.body).toHaveAttribute('contenteditable', 'true')
    // The shortcut hint on Send, hovered, keeps its contrast; the editor's scroller is reached by the keyboard.
    await explorerPage.sendButton.hover()
    expect(await violations(page)).toEqual([])
  })
}
