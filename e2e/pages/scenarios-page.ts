import { expect, type Locator, type Page } from '@playwright/test'

/** Titles of the built-in scenarios (contract §12), as the Scenarios tab lists them. */
export type ScenarioTitle =
  | 'Default'
  | 'Empty'
  | 'Many artefacts'
  | 'All drafts'
  | 'Maintenance'
  | 'Quota exhausted'
  | 'Rate limited'
  | 'Slow network'
  | 'Flaky'

/**
 * The Scenarios tab (the explorer's side tabs, or the panel's tabs when `within` is the panel),
 * the scenario chip in the explorer's top bar, and the banner of a refused start.
 */
export class ScenariosPage {
  readonly page: Page
  readonly tab: Locator
  readonly region: Locator
  readonly list: Locator
  /** The card of the scenario in use. */
  readonly inUse: Locator
  readonly copyLink: Locator
  readonly live: Locator
  readonly onTop: Locator
  /** The top bar's list of conditions in force, which holds the scenario chip. */
  readonly conditions: Locator
  readonly refused: Locator
  readonly goOnWithDefault: Locator

  constructor(page: Page, within: Locator | Page = page) {
    this.page = page
    this.tab = within.getByRole('tab', { name: 'Scenarios' })
    this.region = within.getByRole('region', { name: 'Scenarios' })
    this.list = this.region.getByRole('list', { name: 'Scenarios' })
    this.inUse = this.list.getByRole('listitem').filter({ hasText: 'In use' })
    this.copyLink = this.region.getByRole('button', { name: 'Copy link to this state' })
    this.live = this.region.getByRole('status')
    this.onTop = this.region.getByRole('group', { name: 'Settings changed on top of the scenario' })
    this.conditions = page.getByRole('list', { name: 'Mock conditions in force' })
    this.refused = page.getByRole('alert').filter({ hasText: 'The mock did not start' })
    this.goOnWithDefault = this.refused.getByRole('link', { name: 'Go on with default' })
  }

  async open(): Promise<void> {
    await this.tab.click()
    await expect(this.region).toBeVisible()
  }

  /** Switches with one click and waits until the tab marks it in use. */
  async use(title: ScenarioTitle): Promise<void> {
    await this.list.getByRole('button', { name: `Use ${title}` }).click()
    await expect(this.inUse).toContainText(title)
    await expect(this.live).toContainText(`In use: ${title}`)
  }

  /** Copies the link to this state and reads it back (the context needs clipboard permissions). */
  async copiedLink(): Promise<string> {
    await this.copyLink.click()
    await expect(this.copyLink).toHaveText('Copied')
    return this.page.evaluate(() => navigator.clipboard.readText())
  }
}
