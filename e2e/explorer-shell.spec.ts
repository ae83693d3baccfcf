import { expect, test } from './fixtures.ts'

test('the theme toggle switches to dark and keeps the choice across a reload', async ({ explorerPage, page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  const dark = page.getByRole('radio', { name: 'Dark theme' })
  await dark.click()
  await expect(dark).toHaveAttribute('aria-checked', 'true')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

  await page.reload()
  await expect(explorerPage.workerRunning).toBeVisible()

  await expect(page.getByRole('radio', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true')
  await page.getByRole('radio', { name: 'System theme' }).click()
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./)
})

test('the tool tabs follow the arrow keys', async ({ explorerPage, page }) => {
  await expect(explorerPage.workerRunning).toBeVisible()
  const log = page.getByRole('tab', { name: 'Network log' })
  await log.focus()
  await page.keyboard.press('ArrowRight')

  await expect(page.getByRole('tab', { name: 'History' })).toBeFocused()
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/tab=history/)
})

test.describe('when service workers are blocked', () => {
  test.use({ serviceWorkers: 'block' })

  test('says why the mock cannot start and what to do, instead of a blank page', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('alert')).toContainText('Mock worker: failed to start')
    await expect(page.getByText('http://localhost', { exact: false }).first()).toBeVisible()
    await expect(page.getByText('Allow service workers for this site')).toBeVisible()
  })
})
