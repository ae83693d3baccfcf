import { expect, test } from './fixtures.ts'
import { ExplorerPage } from './pages/explorer-page.ts'
import { PanelsPage } from './pages/panels-page.ts'

const HISTORY_KEY = 'artefact-explorer:history'

declare global {
  interface Window {
    __breakClock?: boolean
  }
}

/** Init script: while window.__breakClock is true, formatting a time throws, as a broken Intl or polyfill would. */
function breakableClock() {
  // `format` is a getter on the prototype, so a formatter the page made earlier breaks too.
  const format = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'format')!
  window.__breakClock = false
  Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', {
    ...format,
    get(this: Intl.DateTimeFormat) {
      const formatted = format.get!.call(this) as (date?: Date | number) => string
      return (date?: Date | number) => {
        if (window.__breakClock) throw new RangeError('the clock broke on purpose')
        return formatted(date)
      }
    },
  })
}

test('a panel that throws shows its error and Try again; the rest keeps working and Try again recovers', async ({
  page,
  context,
}) => {
  await context.addInitScript(breakableClock)
  const explorer = new ExplorerPage(page)
  const panels = new PanelsPage(page)
  await panels.goto()
  await explorer.send()

  await page.evaluate(() => (window.__breakClock = true))
  await panels.openTab('History')

  const crash = page.getByRole('alert').filter({ hasText: 'History stopped working: the clock broke on purpose' })
  await expect(crash).toBeVisible()
  // Only that panel: the builder still sends, the viewer still shows.
  await explorer.chooseOperation('Create an artefact category')
  expect((await explorer.send()).status()).toBe(201)
  await expect(explorer.status).toHaveText('201 Created')

  await page.evaluate(() => (window.__breakClock = false))
  await crash.getByRole('button', { name: 'Try again' }).click()
  await expect(crash).toBeHidden()
  await expect(panels.history.getByRole('listitem')).toHaveCount(2)
})

test('stored history that fits the old schema but cannot be shown is dropped, not a crash', async ({
  page,
  context,
}) => {
  const entry = (at: number, url: string) => ({
    draft: {
      operation: 'getArtefact',
      id: 'x',
      isDraft: { mode: 'omit' },
      accept: { mode: 'omit' },
      contentType: { mode: 'omit' },
      body: '',
      prefer: { mode: 'omit' },
    },
    exchange: {
      id: `entry-${at}-${url}`,
      at,
      operation: 'getArtefact',
      request: { method: 'GET', url, headers: [], body: null },
      response: { status: 200, statusText: 'OK', headers: [], body: '{}' },
      failure: null,
      durationMs: 1,
      source: 'explorer',
    },
  })
  await context.addInitScript(
    ({ key, entries }) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, JSON.stringify(entries))
        sessionStorage.setItem('seeded', 'yes')
      }
    },
    {
      key: HISTORY_KEY,
      entries: [
        entry(1e300, 'http://localhost/v3/preview-upcoming/resources/artefact/x'),
        entry(Number.MAX_SAFE_INTEGER, 'http://localhost/v3/preview-upcoming/resources/artefact/y'),
        entry(1_700_000_000_000, 'http://[not a host'),
        entry(1_700_000_000_000, 'not/an/absolute url'),
        entry(1_700_000_000_000, 'http://localhost/v3/preview-upcoming/resources/artefact/kept'),
      ],
    },
  )
  const explorer = new ExplorerPage(page)
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.openTab('History')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(panels.history.getByRole('listitem')).toHaveCount(2)
  for (const open of await panels.history.getByRole('button', { name: /^Open response of GET/ }).all()) {
    await open.click()
    await expect(explorer.status).toHaveText('200 OK')
  }
  await expect(page.getByRole('alert')).toHaveCount(0)
})
