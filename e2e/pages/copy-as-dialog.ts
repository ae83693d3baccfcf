import { expect, type Locator, type Page } from '@playwright/test'

type Format = 'curl' | 'HTTPie' | 'fetch' | 'Vitest test' | 'Playwright test'
type Target = "This page's mock worker" | 'HTTP mode on port' | 'Base URL'

/** The Copy as dialog of one exchange (from the viewer, the log or the history). */
export class CopyAsDialog {
  readonly page: Page
  readonly root: Locator
  readonly port: Locator
  readonly baseUrl: Locator
  readonly note: Locator
  readonly problem: Locator
  readonly code: Locator
  readonly copyButton: Locator

  private constructor(page: Page) {
    this.page = page
    this.root = page.getByRole('dialog', { name: 'Copy as' })
    this.port = this.root.getByLabel('HTTP mode port')
    this.baseUrl = this.root.getByLabel('Base URL', { exact: true }).and(this.root.getByRole('textbox'))
    this.note = this.root.locator('p').first()
    this.problem = this.root.getByRole('alert')
    this.code = this.root.getByLabel('Snippet')
    this.copyButton = this.root.getByRole('button', { name: 'Copy', exact: true })
  }

  /** Clicks `opener` and waits for the dialog. */
  static async open(page: Page, opener: Locator): Promise<CopyAsDialog> {
    await opener.click()
    const dialog = new CopyAsDialog(page)
    await expect(dialog.root).toBeVisible()
    return dialog
  }

  async format(name: Format): Promise<void> {
    await this.root.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name, exact: true }).check()
  }

  target(name: Target): Locator {
    return this.root.getByRole('group', { name: 'Send to' }).getByRole('radio', { name, exact: true })
  }

  /** Copies and reads the clipboard back (the context needs clipboard permissions). */
  async copy(): Promise<string> {
    await this.copyButton.click()
    await expect(this.root.getByRole('status')).toHaveText('Copied.')
    return this.page.evaluate(() => navigator.clipboard.readText())
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close' }).click()
    await expect(this.root).toBeHidden()
  }
}
