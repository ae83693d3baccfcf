import { expect, test } from '@playwright/test'

test('the app gets its artefact from the mock, the panel logs it and turns maintenance on', async ({ page }) => {
  await page.goto('/')
  const result = page.getByRole('main').getByRole('status')
  await page.getByRole('button', { name: 'Load artefact' }).click()
  await expect(result).toHaveText('200 Reset your password')

  const toggle = page.getByRole('button', { name: 'Artefact mock' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')

  const panel = page.getByRole('region', { name: 'Artefact mock panel' })
  const log = panel.getByRole('region', { name: 'Network log' })
  await expect(log.getByRole('row', { name: /^GET \/resources\/artefact\/0a1e0001-5c0f-4a11-9c00-000000000001 200/ })).toBeVisible()

  await panel.getByRole('tab', { name: 'Mock controls' }).click()
  await panel.getByRole('region', { name: 'Mock controls' }).getByLabel('Maintenance mode').check()
  await page.getByRole('button', { name: 'Load artefact' }).click()
  await expect(result).toHaveText(/^503 /)

  await panel.getByRole('tab', { name: 'Network log' }).click()
  await expect(log.getByRole('row', { name: /^GET \/resources\/artefact\/\S+ 503/ })).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(toggle).toBeFocused()
})

test('the panel brings its own styles: a floating button in the corner', async ({ page }) => {
  await page.goto('/')
  const toggle = page.getByRole('button', { name: 'Artefact mock' })
  await expect(toggle).toBeVisible()
  expect(await toggle.evaluate((element) => getComputedStyle(element.parentElement!).position)).toBe('fixed')
  const box = (await toggle.boundingBox())!
  const viewport = page.viewportSize()!
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40)
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40)
})
