import { expect, test } from './fixtures.ts'
import { BuilderPage } from './pages/builder-page.ts'
import { DriftPage } from './pages/drift-page.ts'
import { ScenariosPage } from './pages/scenarios-page.ts'
import { type RunningUpstream, startUpstream } from './support/fake-upstream.ts'

/**
 * Screenshots of each width in light and dark, and the builder's main states at 1440. A test run
 * writes them beside its other output (`test-results/`), so `npm test` leaves the working tree as
 * it was. Run with `--update-snapshots` (`npm run screenshots`), it writes them into
 * docs/screenshots, the images the docs show.
 */
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
] as const

const shot = (name: string) => {
  const { config } = test.info()
  const intoDocs = config.updateSnapshots === 'all' || config.updateSnapshots === 'changed'
  return intoDocs ? `docs/screenshots/${name}.png` : test.info().outputPath(`${name}.png`)
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    test(`the main view after a GET, ${colorScheme}, ${size.width} px`, async ({ page, explorerPage }) => {
      await page.setViewportSize(size)
      await page.emulateMedia({ colorScheme })
      await explorerPage.chooseOperation('Get an artefact')
      await explorerPage.send()
      await expect(explorerPage.schemaCheck).toContainText('Matches the spec')
      await page.screenshot({ path: shot(`get-${colorScheme}-${size.width}`) })
    })

    test(`a create that breaks a data-set rule, hinted and answered, ${colorScheme}, ${size.width} px`, async ({
      page,
      explorerPage,
    }) => {
      const builder = new BuilderPage(page)
      await page.setViewportSize(size)
      await page.emulateMedia({ colorScheme })
      await explorerPage.chooseOperation('Create an artefact')
      await explorerPage.setBody(
        JSON.stringify(
          { title: 'Orphan', category: { id: 99 }, primaryQuery: 'pin', queryVariations: [{ query: 'Pin' }] },
          null,
          2,
        ),
      )
      await expect(builder.expected).toContainText('hasErrors')
      await explorerPage.send()
      await expect(explorerPage.notStored).toBeVisible()
      await page.screenshot({ path: shot(`create-has-errors-${colorScheme}-${size.width}`) })
    })
  }

  test(`the advanced mode with the exact request open, ${colorScheme}`, async ({ page, explorerPage }) => {
    const builder = new BuilderPage(page)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ colorScheme })
    await explorerPage.chooseOperation('Get an artefact')
    await builder.advanced()
    await builder.method.fill('DELETE')
    await builder.exactRequest.locator('summary').click()
    await expect(builder.expected).toContainText('405 Method Not Allowed')
    await explorerPage.send()
    await page.screenshot({ path: shot(`advanced-405-${colorScheme}-1440`) })
  })

  test(`the Scenarios tab with a scenario in use and a setting changed on top, ${colorScheme}`, async ({
    page,
    explorerPage,
  }) => {
    const scenarios = new ScenariosPage(page)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ colorScheme })
    await scenarios.open()
    await scenarios.use('Maintenance')
    await page.evaluate(() => window.__ARTEFACT_MOCK__?.set({ retryAfterSeconds: 5 }))
    await explorerPage.chooseOperation('Get an artefact')
    await explorerPage.send()
    await expect(scenarios.onTop).toContainText('retryAfterSeconds: 5')
    await page.mouse.move(0, 0)
    await page.screenshot({ path: shot(`scenarios-${colorScheme}-1440`) })
  })

  test(`a slow request in flight, with Cancel, ${colorScheme}`, async ({ page, explorerPage }) => {
    const builder = new BuilderPage(page)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ colorScheme })
    await explorerPage.chooseOperation('Get an artefact')
    await explorerPage.send()
    await page.evaluate(() => window.__ARTEFACT_MOCK__?.set({ latency: { mode: 'fixed', ms: 60_000 } }))
    await explorerPage.sendButton.click()
    await expect(builder.inFlight).toBeVisible()
    await page.waitForTimeout(1200)
    await page.screenshot({ path: shot(`in-flight-${colorScheme}-1440`) })
    await builder.cancel.click()
  })
}

test.describe('the Drift view', () => {
  let upstream: RunningUpstream
  test.beforeAll(async () => {
    upstream = await startUpstream({ drift: ['rename-field', 'extra-field'] })
  })
  test.afterAll(() => upstream.stop())

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`with findings of two operations and a clean answer, ${colorScheme}`, async ({ page, explorerPage }) => {
      const drift = new DriftPage(page)
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.emulateMedia({ colorScheme })
      await drift.open()
      await drift.sendTo(upstream.url, 'Get an artefact', 'Create an artefact category')
      await explorerPage.chooseOperation('Get an artefact')
      await explorerPage.send()
      await explorerPage.send()
      await explorerPage.chooseOperation('Create an artefact category')
      await explorerPage.send()
      await expect(drift.answers).toHaveCount(3)
      await page.mouse.move(0, 0)
      await page.screenshot({ path: shot(`drift-${colorScheme}-1440`) })
    })
  }
})
