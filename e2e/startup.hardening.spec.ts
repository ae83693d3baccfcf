import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { expect, test, waitForMock, watchPageErrors } from './fixtures.ts'
import { PROBE_PATH, PROBE_TIMING, watchProbe } from './support/startup-probe.ts'

const RUNS = 20

interface Tally {
  answered: number
  total: number
  misses: string[]
}

/** Opens `runs` fresh contexts; in each, one load and one reload, each probed once. */
async function probeStartups(
  browser: Browser,
  timing: keyof typeof PROBE_TIMING,
  runs: number,
  prepare?: (context: BrowserContext) => Promise<void>,
) {
  const fresh: Tally = { answered: 0, total: 0, misses: [] }
  const reloaded: Tally = { answered: 0, total: 0, misses: [] }
  const pageErrors: string[] = []
  const count = async (tally: Tally, page: Page, probe: ReturnType<typeof watchProbe>, label: string) => {
    const { mock, detail } = await probe.verdict(page)
    tally.total += 1
    if (mock) tally.answered += 1
    else tally.misses.push(`${label}: ${detail}`)
  }
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext()
    const errors = watchPageErrors(context)
    await prepare?.(context)
    await context.addInitScript(PROBE_TIMING[timing], PROBE_PATH)
    const probe = watchProbe(context)
    const page = await context.newPage()
    await page.goto('/')
    await waitForMock(page)
    await count(fresh, page, probe, `context ${run}, fresh load`)
    await page.reload()
    await waitForMock(page)
    await count(reloaded, page, probe, `context ${run}, reload`)
    pageErrors.push(...errors.errors())
    await context.close()
  }
  return { fresh, reloaded, pageErrors }
}

test('the first request after a fresh load and after a reload is answered by the mock: 40 of 40', async ({
  browser,
}) => {
  // 20 fresh contexts, each loaded and reloaded: over 180 s on a 2-core machine running slow.
  test.setTimeout(360_000)
  const { fresh, reloaded, pageErrors } = await probeStartups(browser, 'afterMount', RUNS)
  const answered = fresh.answered + reloaded.answered
  const total = fresh.total + reloaded.total
  test.info().annotations.push({
    type: 'start-up race',
    description: `${answered}/${total} first requests answered by the mock (${fresh.answered}/${fresh.total} fresh contexts, ${reloaded.answered}/${reloaded.total} reloads)`,
  })
  expect([...fresh.misses, ...reloaded.misses]).toEqual([])
  expect(answered).toBe(2 * RUNS)
  expect(pageErrors).toEqual([])
})

test('negative control: a request sent before worker.start() resolves is not answered by the mock', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  // What reaches the network gets a plain 200 from here, as a real backend would (no console 404s).
  const realBackend = async (context: BrowserContext) => {
    await context.route(`**${PROBE_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"from":"network"}' }),
    )
  }
  const runs = 5
  const { fresh, reloaded, pageErrors } = await probeStartups(browser, 'atOnce', runs, realBackend)
  test.info().annotations.push({
    type: 'start-up race, negative control',
    description: `${fresh.answered + reloaded.answered}/${fresh.total + reloaded.total} requests sent before worker.start() resolved were answered by the mock (the detector says no when the mock did not answer)`,
  })
  expect(fresh.answered + reloaded.answered).toBe(0)
  expect(fresh.misses).toHaveLength(runs)
  expect(reloaded.misses).toHaveLength(runs)
  expect(pageErrors).toEqual([])
})

test('the served mockServiceWorker.js is the installed msw copy, byte for byte', async ({ request }) => {
  const installedPath = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')
  const installed = readFileSync(installedPath)
  const served = await request.get('/mockServiceWorker.js')
  expect(served.status()).toBe(200)
  const body = await served.body()
  const version = (source: string) => /const PACKAGE_VERSION = '([^']+)'/.exec(source)?.[1]
  const installedVersion = version(installed.toString('utf8'))
  expect(version(body.toString('utf8'))).toBe(installedVersion)
  expect(body.equals(installed), 'served worker differs from the installed msw: run `npm run worker:update`').toBe(true)
  test.info().annotations.push({
    type: 'worker file',
    description: `served mockServiceWorker.js is msw ${installedVersion}, identical to the installed copy`,
  })
})
