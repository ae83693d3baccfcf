import { expect, type Locator, type Page } from '@playwright/test'

export const PREFIX = '/v3/preview-upcoming/resources'
export const SEED_ARTEFACT_COUNT = 14

export interface PageFetchResult {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * The explorer's tool panels: mock controls, network log, history (side tabs)
 * and the data browser. Requests go through the page's own fetch, so the real
 * service worker answers them.
 */
export class PanelsPage {
  readonly page: Page
  readonly workerActive: Locator
  readonly controls: Locator
  readonly log: Locator
  readonly history: Locator
  readonly data: Locator
  readonly artefacts: Locator
  readonly builder: Locator

  constructor(page: Page) {
    this.page = page
    this.workerActive = page.getByRole('status').filter({ hasText: 'Mock active' })
    this.controls = page.getByRole('region', { name: 'Mock controls' })
    this.log = page.getByRole('region', { name: 'Network log' })
    this.history = page.getByRole('region', { name: 'History' })
    this.data = page.getByRole('region', { name: 'Data browser' })
    this.artefacts = this.data.getByRole('table', { name: 'Stored artefacts' })
    this.builder = page.getByRole('form', { name: 'Request builder' })
  }

  async goto(): Promise<void> {
    await this.page.goto('/')
    await expect(this.workerActive).toBeVisible()
  }

  async reload(): Promise<void> {
    await this.page.reload()
    await expect(this.workerActive).toBeVisible()
  }

  async openTab(name: 'Network log' | 'History' | 'Mock controls'): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Tools' }).getByRole('tab', { name }).click()
  }

  control(name: string): Locator {
    return this.controls.getByLabel(name, { exact: true })
  }

  /** Sends a request with the page's fetch (through the service worker). */
  async fetch(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<PageFetchResult> {
    return this.page.evaluate(
      async ({ path, init }) => {
        const response = await fetch(path, init)
        return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() }
      },
      { path, init },
    )
  }

  async getArtefact(id = '0a1e0001-5c0f-4a11-9c00-000000000001'): Promise<PageFetchResult> {
    return this.fetch(`${PREFIX}/artefact/${id}`, { headers: { Accept: 'application/json' } })
  }

  /** Creates an artefact; resolves with its id. */
  async createArtefact(title: string, query = ''): Promise<string> {
    const result = await this.fetch(`${PREFIX}/artefact${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title }),
    })
    expect(result.status).toBe(200)
    const { responseId, hasErrors } = JSON.parse(result.body) as { responseId: string; hasErrors: boolean }
    expect(hasErrors).toBe(false)
    return responseId
  }

  /** Sends `count` GETs of a stored artefact, 16 in flight, through the service worker. */
  async sendGets(count: number): Promise<void> {
    const failed = await this.page.evaluate(
      async ({ path, count }) => {
        let sent = 0
        let failed = 0
        const worker = async () => {
          while (sent < count) {
            sent += 1
            const response = await fetch(path, { headers: { Accept: 'application/json' } })
            if (!response.ok) failed += 1
          }
        }
        await Promise.all(Array.from({ length: 16 }, worker))
        return failed
      },
      { path: `${PREFIX}/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`, count },
    )
    expect(failed).toBe(0)
  }

  /** Creates `count` artefacts titled `${prefix} 1`..., 16 in flight, through the service worker. */
  async createArtefacts(count: number, prefix = 'Bulk'): Promise<void> {
    const failed = await this.page.evaluate(
      async ({ path, count, prefix }) => {
        let next = 0
        let failed = 0
        const worker = async () => {
          while (next < count) {
            next += 1
            const response = await fetch(path, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ title: `${prefix} ${next}` }),
            })
            if (!response.ok) failed += 1
          }
        }
        await Promise.all(Array.from({ length: 16 }, worker))
        return failed
      },
      { path: `${PREFIX}/artefact`, count, prefix },
    )
    expect(failed).toBe(0)
  }

  /**
   * The ids of every row the data browser lists for `filter`, in order, read as a person
   * would: scrolling the list from top to bottom (only the rows in view are rendered).
   */
  async listedArtefactIds(filter: string): Promise<string[]> {
    await this.data.getByLabel('Filter').fill(filter)
    // The filter applies a moment later (a deferred value): wait until the rows in view all
    // match it and the caption's count agrees with the table's row count.
    let rowCount = -1
    await expect
      .poll(async () => {
        const rows = Number(await this.artefacts.getAttribute('aria-rowcount')) - 1
        const caption = (await this.artefacts.getByRole('caption').textContent()) ?? ''
        const names = await this.artefacts
          .getByRole('button', { name: /^Open / })
          .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''))
        const filtered = names.every((name) => name.toLowerCase().includes(filter.toLowerCase()))
        rowCount = caption.includes(`(${rows.toLocaleString('en')} of`) && filtered ? rows : -1
        return rowCount
      })
      .toBeGreaterThanOrEqual(0)
    const byRow = new Map<number, string>()
    // A tab in the background gets no wheel scrolling.
    await this.page.bringToFront()
    await this.artefacts.hover()
    await this.page.mouse.wheel(0, -1_000_000)
    for (let step = 0; byRow.size < rowCount && step < rowCount; step += 1) {
      const rows = await this.artefacts
        .getByRole('button', { name: /^Open / })
        .evaluateAll((buttons) =>
          buttons.map((button) => [
            Number(button.closest('tr')?.getAttribute('aria-rowindex')),
            button.getAttribute('title')?.replace(/^GET /, '') ?? '',
          ]),
        )
      for (const [index, id] of rows) byRow.set(index as number, id as string)
      await this.page.mouse.wheel(0, 300)
    }
    return [...byRow.entries()].sort(([a], [b]) => a - b).map(([, id]) => id)
  }

  artefactRow(title: string): Locator {
    return this.artefacts
      .getByRole('row')
      .filter({ has: this.page.getByRole('button', { name: `Open ${title}`, exact: true }) })
  }

  async chooseOperation(title: string): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Operations' })
      .getByRole('button', { name: new RegExp(`^\\w+ ${title} suite`) })
      .click()
  }

  async send(): Promise<void> {
    await this.builder.getByRole('button', { name: /^Send/ }).click()
  }
}
