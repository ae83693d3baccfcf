// Each test here must fail, naming the known scenarios: the outer spec checks that they did.
import { expect, test } from '../../mocks/playwright.ts'

test.describe('the HTTP mode', () => {
  test.use({ mockServer: process.env.MOCK_SERVER ?? 'http://127.0.0.1:8787', mockScenario: 'no-such-scenario' })

  test('refused: an unknown mockScenario on the server', async ({ mock }) => {
    await mock.snapshot()
  })
})

test.describe('the browser', () => {
  test.use({ mockScenario: 'no-such-scenario' })

  test('refused: an unknown mockScenario in the page', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('body')).not.toBeEmpty()
  })
})
