import type { Locator, Page } from '@playwright/test'

/** The request builder's newer parts (drafts, forecast, advanced mode, in flight) and the response viewer's body tools. */
export class BuilderPage {
  readonly page: Page
  readonly builder: Locator
  readonly expected: Locator
  readonly exactRequest: Locator
  readonly requestToSend: Locator
  readonly mode: Locator
  readonly method: Locator
  readonly path: Locator
  readonly cancel: Locator
  readonly reset: Locator
  readonly response: Locator
  readonly inFlight: Locator
  readonly staleNote: Locator
  readonly created: Locator
  readonly getThis: Locator
  readonly roundTrip: Locator
  readonly find: Locator
  readonly findCount: Locator
  readonly bodyFormat: Locator

  constructor(page: Page) {
    this.page = page
    this.builder = page.getByRole('form', { name: 'Request builder' })
    this.expected = this.builder.getByLabel('Expected answer')
    this.exactRequest = this.builder.locator('details').filter({ hasText: 'Exact request' })
    this.requestToSend = this.builder.getByLabel('Request to send')
    this.mode = this.builder.getByRole('radiogroup', { name: 'Builder mode' })
    this.method = this.builder.getByLabel('Method', { exact: true })
    this.path = this.builder.getByLabel('Path', { exact: true })
    this.cancel = this.builder.getByRole('button', { name: 'Cancel' })
    this.reset = this.builder.getByRole('button', { name: 'Reset' })
    this.response = page.getByRole('region', { name: 'Response' })
    this.inFlight = this.response.getByRole('status').filter({ hasText: 'Sending' })
    this.staleNote = this.response.getByText('The answer below is the previous one.')
    this.created = this.response.getByRole('note', { name: 'Created' })
    this.getThis = this.response.getByRole('button', { name: 'GET this artefact' })
    this.roundTrip = this.response.getByTitle(/From Send until the whole answer was read/)
    this.find = this.response.getByRole('searchbox', { name: 'Find in body' })
    this.findCount = this.response.getByRole('search').locator('output')
    this.bodyFormat = this.response.getByRole('radiogroup', { name: 'Body format' })
  }

  async advanced(): Promise<void> {
    await this.mode.getByRole('radio', { name: 'Advanced' }).click()
  }

  async form(): Promise<void> {
    await this.mode.getByRole('radio', { name: 'Form' }).click()
  }

  /** A row of the advanced mode's query parameters or headers, by its position (1-based). */
  row(noun: 'Query parameter' | 'Header', index: number) {
    return {
      name: this.builder.getByLabel(`${noun} ${index} name`),
      value: this.builder.getByLabel(`${noun} ${index} value`),
      on: this.builder.getByLabel(`Send ${noun} ${index}`),
      remove: this.builder.getByRole('button', { name: `Remove ${noun} ${index}` }),
    }
  }

  async addRow(noun: 'Query parameter' | 'Header', name: string, value: string): Promise<void> {
    await this.builder.getByRole('button', { name: `+ Add ${noun.toLowerCase()}` }).click()
    const rows = this.builder.getByLabel(new RegExp(`^${noun} \\d+ name$`))
    const index = await rows.count()
    await this.row(noun, index).name.fill(name)
    await this.row(noun, index).value.fill(value)
  }
}
