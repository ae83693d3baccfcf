import { expect, test } from './fixtures.ts'
import { PanelsPage } from './pages/panels-page.ts'

test.beforeEach(async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.goto()
  await panels.openTab('Mock controls')
})

test('maintenance mode answers 503 with Retry-After', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.control('Retry-After').fill('12')
  await panels.control('Maintenance mode').check()

  const result = await panels.getArtefact()
  expect(result.status).toBe(503)
  expect(result.headers['retry-after']).toBe('12')

  await panels.control('Maintenance mode').uncheck()
  expect((await panels.getArtefact()).status).toBe(200)
})

test('a quota of 1 answers the second request 403, and reset counters clears it', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.controls.getByRole('checkbox', { name: 'Quota' }).check()
  await panels.control('Calls allowed').fill('1')

  expect((await panels.getArtefact()).status).toBe(200)
  expect((await panels.getArtefact()).status).toBe(403)
  await expect(panels.controls.getByText(/Calls used: 2 of 1/)).toBeVisible()

  await panels.controls.getByRole('button', { name: 'Reset counters' }).click()
  expect((await panels.getArtefact()).status).toBe(200)
})

test('a rate limit of 1 per 60 s answers 429 with Retry-After', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.controls.getByRole('checkbox', { name: 'Rate limit' }).check()
  await panels.control('Calls per window').fill('1')
  await panels.control('Window').fill('60')

  expect((await panels.getArtefact()).status).toBe(200)
  const limited = await panels.getArtefact()
  expect(limited.status).toBe(429)
  const retryAfter = Number(limited.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(60)
  await expect(panels.controls.getByText(/This window: 2 of 1 calls, ends in \d+ s/)).toBeVisible()
})

test('an invalid value shows a message and changes nothing', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.controls.getByRole('checkbox', { name: 'Quota' }).check()
  await panels.control('Calls allowed').fill('-3')
  await expect(panels.controls.getByRole('alert').filter({ hasText: 'whole number' })).toBeVisible()
  expect((await panels.getArtefact()).status).toBe(200)

  await panels.controls.getByRole('radio', { name: 'Range' }).check()
  await panels.control('Min').fill('900')
  await expect(panels.controls.getByRole('alert').filter({ hasText: 'Min must not exceed max' })).toBeVisible()
  await expect(panels.control('Max')).toHaveValue('500')
})

test('a forced status answers the next request only, and then disarms', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.control('Status').selectOption('422')
  await panels.controls.getByRole('button', { name: 'Arm' }).click()
  await expect(panels.controls.getByText('Armed: the next request answers 422 Unprocessable Entity.')).toBeVisible()

  expect((await panels.getArtefact()).status).toBe(422)
  await expect(panels.controls.getByText('Not armed.')).toBeVisible()
  expect((await panels.getArtefact()).status).toBe(200)
})

test('a latency profile delays answers', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.control('Profile').selectOption('Satellite')
  await expect(panels.control('Delay')).toHaveValue('600')
  const started = Date.now()
  await panels.getArtefact()
  expect(Date.now() - started).toBeGreaterThanOrEqual(550)
})

test('settings persist across a reload', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.controls.getByRole('checkbox', { name: 'Rate limit' }).check()
  await panels.control('Calls per window').fill('7')
  await panels.control('Profile').selectOption('Fast 3G')

  await panels.reload()
  await panels.openTab('Mock controls')
  await expect(panels.controls.getByRole('checkbox', { name: 'Rate limit' })).toBeChecked()
  await expect(panels.control('Calls per window')).toHaveValue('7')
  await expect(panels.control('Min')).toHaveValue('150')
  await expect(panels.control('Max')).toHaveValue('400')
})

test('the top bar shows each condition in force, across a reload, and one click turns it off', async ({ page }) => {
  const panels = new PanelsPage(page)
  const conditions = page.getByRole('list', { name: 'Mock conditions in force' })
  await panels.control('Maintenance mode').check()
  await panels.controls.getByRole('checkbox', { name: 'Quota' }).check()
  await panels.control('Calls allowed').fill('5')
  await expect(conditions.getByRole('listitem')).toHaveText([/Maintenance: every answer 503/, /Quota 0\/5/])

  await page.reload()
  await expect(conditions.getByRole('listitem')).toHaveText([/Maintenance: every answer 503/, /Quota 0\/5/])
  await conditions.getByRole('button', { name: 'Turn off maintenance' }).click()
  await expect(conditions.getByRole('listitem')).toHaveText([/Quota 0\/5/])
  expect((await panels.getArtefact()).status).toBe(200)
  await expect(conditions.getByRole('listitem')).toHaveText([/Quota 1\/5/])
})

test('restore default settings turns every condition off and keeps the data', async ({ page }) => {
  const panels = new PanelsPage(page)
  await panels.openTab('Mock controls')
  await panels.control('Maintenance mode').check()
  await panels.controls.getByRole('checkbox', { name: 'Rate limit' }).check()
  await panels.controls.getByRole('button', { name: 'Restore default settings' }).click()
  await expect(page.getByRole('list', { name: 'Mock conditions in force' })).toHaveCount(0)
  expect((await panels.getArtefact()).status).toBe(200)
})
