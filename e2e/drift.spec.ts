import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, watchPageErrors } from './fixtures.ts'
import { DriftPage } from './pages/drift-page.ts'
import { PREFIX } from './pages/explorer-page.ts'
import { ScenariosPage } from './pages/scenarios-page.ts'
import { type RunningUpstream, startUpstream } from './support/fake-upstream.ts'

// Send to the real service (contract §13, issue 39): chosen operations go through the worker to
// a real base URL, each real answer is checked, and the Drift tab lists what differs.

let drifting: RunningUpstream
let clean: RunningUpstream

test.beforeAll(async () => {
  ;[drifting, clean] = await Promise.all([startUpstream({ drift: ['missing-field'] }), startUpstream()])
})
test.afterAll(() => {
  drifting.stop()
  clean.stop()
})

test('a GET sent to a drifting real service: the Drift view lists exactly the seeded finding, the log marks it', async ({
  page,
  explorerPage,
}) => {
  const drift = new DriftPage(page)
  await explorerPage.chooseOperation('Get an artefact')
  // The mock's own answer first: the seeded drift drops its last field.
  const mocked = Object.keys(await (await explorerPage.send()).json())
  await drift.open()
  await drift.sendTo(drifting.url, 'Get an artefact')
  await expect(drift.state).toHaveText(`getArtefact goes to ${drifting.url}; the rest is mocked.`)
  await expect(drift.conditions.getByRole('listitem')).toHaveText(['Real: getArtefact×'])
  await expect(explorerPage.builder.getByRole('note', { name: 'Sent to the real service' })).toContainText(
    `Sent to ${drifting.url}${PREFIX}/resources/artefact/`,
  )

  const upstreamCall = page.waitForRequest((request) => request.url().startsWith(`${drifting.url}${PREFIX}/`))
  const answer = await explorerPage.send()
  await upstreamCall
  expect(answer.status()).toBe(200)
  expect(answer.fromServiceWorker()).toBe(true)
  expect(answer.headers()['x-mock-scenario']).toBeUndefined()
  const seen = Object.keys(await answer.json())
  const dropped = mocked.filter((key) => !seen.includes(key))
  expect(dropped).toHaveLength(1)

  await expect(drift.findings.getByRole('heading', { name: /Findings/ })).toContainText(
    '1 error, 0 warnings in 1 real answer',
  )
  await expect(drift.findingItems).toHaveCount(1)
  const finding = drift.findingItems.first()
  await expect(finding).toContainText(`Errormissing/${dropped[0]}×1`)
  await expect(finding).toContainText('Seenabsent')
  await expect(finding).toContainText(/ExampleGET \/v3\/preview-upcoming\/resources\/artefact\/0a1e0001-\S+ → 200/)
  await expect(drift.answers).toHaveCount(1)
  await expect(drift.answers.first()).toContainText('1 finding')
  await expect(drift.saveNewest).toBeDisabled()
  await expect(drift.answers.first()).toContainText('It has a finding: only an answer that passes the schema check')

  const download = page.waitForEvent('download')
  await drift.exportJson.click()
  const report = JSON.parse(await readFile(await (await download).path(), 'utf8'))
  expect(report).toMatchObject({ upstream: drifting.url, checked: 1, findings: [{ kind: 'missing', count: 1 }] })

  await page.getByRole('tab', { name: 'Network log' }).click()
  await expect(page.getByRole('row', { name: /^GET \/resources\/artefact\/\S+ 200, real · 1 finding/ })).toBeVisible()
  // The mock's own answer before it carries no mark.
  await expect(page.getByRole('row', { name: /^GET \/resources\/artefact\/\S+ 200, open/ })).toHaveCount(1)

  await drift.open()
  await drift.clear.click()
  await expect(drift.findingItems).toHaveCount(0)
  await expect(drift.findings).toContainText('nothing checked yet')
})

test('a clean real service gives no findings; its answer saved as a scenario override is what the Scenarios tab then uses', async ({
  page,
  explorerPage,
}) => {
  const drift = new DriftPage(page)
  const scenarios = new ScenariosPage(page)
  await explorerPage.chooseOperation('Get an artefact')
  await drift.open()
  await drift.sendTo(clean.url, 'Get an artefact')
  const real = await explorerPage.send()
  expect(real.status()).toBe(200)
  const realBody = await real.text()
  await expect(drift.findings).toContainText('none in 1 real answer')
  await expect(drift.findings).toContainText('Every real answer passes the schema check.')
  await expect(drift.answers.first()).toContainText('clean')

  await drift.saveNewest.click()
  await expect(drift.saveNotice).toHaveText(
    'Saved as the scenario “Recorded getArtefact 200 #1”: use it in the Scenarios tab.',
  )

  await scenarios.open()
  await expect(scenarios.list.getByRole('listitem')).toHaveCount(10)
  await scenarios.list.getByRole('button', { name: 'Use Recorded getArtefact 200 #1' }).click()
  await expect(scenarios.inUse).toContainText('Recorded getArtefact 200 #1')

  // In another scenario nothing goes to the real service: the saved override answers.
  const sentReal: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(clean.url)) sentReal.push(request.url())
  })
  const recorded = await explorerPage.send()
  expect(recorded.status()).toBe(200)
  expect(recorded.fromServiceWorker()).toBe(true)
  expect(recorded.headers()['x-mock-scenario']).toBe('recorded-get-artefact-1')
  expect(await recorded.text()).toBe(realBody)
  expect(sentReal).toEqual([])
  await drift.open()
  await expect(drift.paused).toContainText('Paused: while the scenario recorded-get-artefact-1 is in use')

  // Kept across a reload, still in use; removed, the mock is back in Default.
  await page.reload()
  await expect(explorerPage.workerRunning).toBeVisible()
  await scenarios.open()
  await expect(scenarios.inUse).toContainText('Recorded getArtefact 200 #1')
  await scenarios.list.getByRole('button', { name: 'Remove Recorded getArtefact 200 #1' }).click()
  await expect(scenarios.live).toHaveText(
    'Removed Recorded getArtefact 200 #1. It was in use: the mock is back in Default.',
  )
  await expect(scenarios.list.getByRole('listitem')).toHaveCount(9)
  await expect(scenarios.inUse).toContainText('Default')
})

test('a wrong base URL is refused in words; Mock everything sends nothing real again', async ({
  page,
  explorerPage,
}) => {
  const drift = new DriftPage(page)
  await drift.open()
  await drift.baseUrl.fill('javascript:alert(1)')
  await drift.operation('Get an artefact').check()
  await drift.apply.click()
  await expect(drift.baseUrl).toHaveAttribute('aria-invalid', 'true')
  await expect(drift.baseUrl).toHaveAccessibleDescription(/Only http:\/\/ and https:\/\/ URLs, not javascript:/)
  await expect(drift.state).toHaveText('Every operation is mocked.')

  await drift.sendTo(clean.url, 'Get an artefact')
  await drift.conditions.getByRole('button', { name: 'Turn off the real service' }).click()
  await expect(drift.state).toHaveText('Every operation is mocked.')
  await expect(drift.operation('Get an artefact')).not.toBeChecked()
  await expect(drift.conditions).toHaveCount(0)

  await drift.sendTo(clean.url, 'Create an artefact')
  await drift.mockEverything.click()
  await expect(drift.state).toHaveText('Every operation is mocked.')
  await explorerPage.chooseOperation('Get an artefact')
  expect((await explorerPage.send()).headers()['x-mock-scenario']).toBe('default')
})

// Chromium logs the refused call itself ("Failed to load resource: net::ERR_FAILED"): that one line is the point here.
const refusedCallTest = test.extend({
  pageErrors: async ({ context }, use) => {
    const watch = watchPageErrors(context)
    await use()
    const refused = /^console\.error: Failed to load resource: net::ERR_FAILED \(http:\/\/127\.0\.0\.1:\d+\/v3\//
    expect(watch.errors().filter((error) => !refused.test(error))).toEqual([])
  },
})

refusedCallTest(
  'a real service that does not allow the page’s origin: the send answers 502 and the UI says CORS',
  async ({ page, explorerPage }) => {
    const closed = await startUpstream({ cors: false })
    try {
      const drift = new DriftPage(page)
      await drift.open()
      await drift.sendTo(closed.url, 'Get an artefact')
      await explorerPage.chooseOperation('Get an artefact')
      const answer = await explorerPage.send()
      expect(answer.status()).toBe(502)
      await expect(explorerPage.mockReason).toContainText(`the real service at ${closed.url} gave no answer`)
      await expect(drift.answers.first()).toContainText('no answer')
      await expect(drift.answers.first()).toContainText(
        /must allow this page's origin http:\/\/localhost:\d+ with CORS/,
      )
      await expect(drift.saveNewest).toBeDisabled()
      await expect(drift.findings).toContainText('none in 1 real answer')
    } finally {
      closed.stop()
    }
  },
)

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the Drift view with findings passes axe (WCAG 2.1 AA), ${colorScheme}`, async ({ page, explorerPage }) => {
    const drift = new DriftPage(page)
    await page.emulateMedia({ colorScheme })
    await drift.open()
    await drift.sendTo(drifting.url, 'Get an artefact')
    await explorerPage.chooseOperation('Get an artefact')
    await explorerPage.send()
    await expect(drift.findingItems).toHaveCount(1)
    const { violations } = await new AxeBuilder({ page })
      .include('.layout__right')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
    ).toEqual([])
  })
}
