import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import type { ExplorerPage } from './pages/explorer-page.ts'

/** Loads the page afresh and presses Tab from its top until Send has focus; the number of presses. */
async function tabsToSend(page: Page, explorerPage: ExplorerPage): Promise<number> {
  await page.reload()
  await expect(explorerPage.workerRunning).toBeVisible()
  for (let presses = 1; presses <= 40; presses++) {
    await page.keyboard.press('Tab')
    if (await explorerPage.sendButton.evaluate((button) => button === document.activeElement)) return presses
  }
  return Infinity
}

async function createArtefacts(page: Page, count: number): Promise<void> {
  await page.evaluate(async (count) => {
    for (let at = 0; at < count; at++) {
      await fetch('/v3/preview-upcoming/resources/artefact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: `Keyboard ${at}` }),
      })
    }
  }, count)
}

test('Send is a few Tab presses from the top, however many artefacts are stored', async ({ explorerPage, page }) => {
  await explorerPage.chooseOperation('Get an artefact')
  const before = await tabsToSend(page, explorerPage)
  expect(before).toBeLessThanOrEqual(11)

  await createArtefacts(page, 5)
  await expect(
    page.getByRole('table', { name: 'Stored artefacts' }).getByRole('button', { name: /^Open Keyboard \d$/ }),
  ).toHaveCount(5)

  expect(await tabsToSend(page, explorerPage)).toBe(before)
})

test('the artefact list is one tab stop that the arrow keys move through', async ({ page }) => {
  const list = page.getByRole('table', { name: 'Stored artefacts' })
  await page.goto('/')
  const first = list.getByRole('button', { name: /^Open / }).first()
  await first.focus()
  await page.keyboard.press('ArrowDown')
  await expect(list.getByRole('button', { name: /^Open / }).nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('form', { name: 'Request builder' }).getByLabel('Artefact id')).toHaveValue(
    '0a1e0001-5c0f-4a11-9c00-000000000013',
  )
})

test('the skip link leads to the builder, and Tab then reaches Send', async ({ explorerPage, page }) => {
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to the request builder' })).toBeFocused()
  await page.keyboard.press('Enter')
  let presses = 0
  while (!(await explorerPage.sendButton.evaluate((button) => button === document.activeElement)) && presses < 6) {
    await page.keyboard.press('Tab')
    presses += 1
  }
  await expect(explorerPage.sendButton).toBeFocused()
})

test('Ctrl+Enter sends from anywhere: the network log filter, the theme switch, the response body', async ({
  explorerPage,
  page,
}) => {
  await explorerPage.chooseOperation('Get an artefact')
  await page.getByRole('region', { name: 'Network log' }).getByLabel('Operation').focus()
  expect((await explorerPage.send('shortcut')).status()).toBe(200)

  await page.getByRole('radio', { name: 'System theme' }).focus()
  expect((await explorerPage.send('shortcut')).status()).toBe(200)

  await page.getByRole('searchbox', { name: 'Find in body' }).focus()
  expect((await explorerPage.send('shortcut')).status()).toBe(200)
})

test('the theme switch is one tab stop with arrow keys, like native radios', async ({ explorerPage, page }) => {
  await expect(explorerPage.workerRunning).toBeVisible()
  await page.getByRole('radio', { name: 'System theme' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('radio', { name: 'Dark theme' })).toBeFocused()
  await expect(page.getByRole('radio', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})
