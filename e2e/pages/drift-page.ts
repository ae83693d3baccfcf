import { expect, type Locator, type Page } from '@playwright/test'
import type { OperationTitle } from './explorer-page.ts'

/**
 * The Drift tab (the explorer's side tabs, or the panel's tabs when `within` is the panel): the
 * real base URL and the operations sent there, the findings, and the real answers.
 */
export class DriftPage {
  readonly page: Page
  readonly tab: Locator
  readonly region: Locator
  readonly form: Locator
  readonly baseUrl: Locator
  readonly apply: Locator
  readonly mockEverything: Locator
  /** What the form says is sent where. */
  readonly state: Locator
  readonly paused: Locator
  readonly findings: Locator
  readonly findingItems: Locator
  readonly answers: Locator
  readonly saveNotice: Locator
  readonly exportJson: Locator
  readonly clear: Locator
  /** The top bar's list of conditions in force, which holds the real-service chip. */
  readonly conditions: Locator

  constructor(page: Page, within: Locator | Page = page) {
    this.page = page
    this.tab = within.getByRole('tab', { name: 'Drift' })
    this.region = within.getByRole('region', { name: 'Drift' })
    this.form = this.region.getByRole('form', { name: 'Send to the real service' })
    this.baseUrl = this.form.getByLabel('Real base URL')
    this.apply = this.form.getByRole('button', { name: 'Apply' })
    this.mockEverything = this.form.getByRole('button', { name: 'Mock everything' })
    this.state = this.form.getByRole('status')
    this.paused = this.form.getByRole('note')
    this.findings = this.region.getByRole('region', { name: 'Findings' })
    this.findingItems = this.findings.getByRole('listitem')
    this.answers = this.region.getByRole('list', { name: 'Real answers' }).getByRole('listitem')
    this.saveNotice = this.region.getByRole('region', { name: 'Real answers' }).getByRole('status')
    this.exportJson = this.region.getByRole('button', { name: 'Export JSON' })
    this.clear = this.region.getByRole('button', { name: 'Clear' })
    this.conditions = page.getByRole('list', { name: 'Mock conditions in force' })
  }

  async open(): Promise<void> {
    await this.tab.click()
    await expect(this.region).toBeVisible()
  }

  /** The checkbox of one operation, named by its title (then its method and path). */
  operation(title: OperationTitle): Locator {
    return this.form.getByRole('checkbox', { name: new RegExp(`^${title} (GET|POST) `) })
  }

  /** Sends `operations` to the real service at `baseUrl`, the rest stays mocked. */
  async sendTo(baseUrl: string, ...operations: OperationTitle[]): Promise<void> {
    await this.baseUrl.fill(baseUrl)
    for (const title of operations) await this.operation(title).check()
    await this.apply.click()
    await expect(this.state).toContainText(`to ${baseUrl}; the rest is mocked.`)
  }

  /** The Save as scenario override button of the newest real answer. */
  get saveNewest(): Locator {
    return this.answers.first().getByRole('button', { name: /^Save as scenario override/ })
  }
}
