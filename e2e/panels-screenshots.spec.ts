import { test } from './fixtures.ts'
import { PanelsPage, PREFIX } from './pages/panels-page.ts'

// Screenshots of the tool panels as test output, to look at (light and dark).
for (const colorScheme of ['light', 'dark'] as const) {
  test(`screenshots of the tool panels (${colorScheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme })
    await page.setViewportSize({ width: 1280, height: 860 })
    const panels = new PanelsPage(page)
    await panels.goto()
    await panels.createArtefact('A draft for the screenshot', '?isDraft=true')
    await panels.fetch(`${PREFIX}/artefact/not-a-uuid`)
    await panels.send()
    for (const tab of ['Network log', 'History', 'Mock controls'] as const) {
      await panels.openTab(tab)
      const name = tab.toLowerCase().replaceAll(' ', '-')
      await page.screenshot({ path: testInfo.outputPath(`${name}-${colorScheme}.png`), fullPage: true })
    }
  })
}
