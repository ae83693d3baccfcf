import { expect, type Locator, type Page, type Response } from '@playwright/test'

export const ARTEFACT_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'
export const PREFIX = '/v3/preview-upcoming'

export type OperationTitle = 'Create an artefact' | 'Create an artefact category' | 'Get an artefact'

/** The explorer at `/`: operations, request builder, response viewer. */
export class ExplorerPage {
  readonly page: Page
  readonly heading: Locator
  readonly workerRunning: Locator
  readonly workerFailed: Locator
  readonly operations: Locator
  readonly builder: Locator
  readonly urlPreview: Locator
  readonly sendButton: Locator
  readonly idInput: Locator
  /** The combobox that finds a stored artefact by title or id. */
  readonly storedArtefacts: Locator
  /** Its suggestions while open: at most 50, the last created first. */
  readonly storedArtefactOptions: Locator
  readonly isDraft: Locator
  readonly isDraftValue: Locator
  readonly accept: Locator
  readonly acceptValue: Locator
  readonly contentType: Locator
  readonly forceStatus: Locator
  readonly body: Locator
  readonly bodyCheck: Locator
  readonly insertExample: Locator
  readonly response: Locator
  readonly status: Locator
  readonly meaning: Locator
  readonly mockReason: Locator
  readonly notStored: Locator
  readonly schemaCheck: Locator
  readonly responseBody: Locator

  constructor(page: Page) {
    this.page = page
    this.heading = page.getByRole('heading', { name: 'Artefact Preview Explorer' })
    this.workerRunning = page.getByRole('status').filter({ hasText: 'Mock active' })
    this.workerFailed = page.getByRole('alert').filter({ hasText: 'Mock worker: failed to start' })
    this.operations = page.getByRole('navigation', { name: 'Operations' })
    this.builder = page.getByRole('form', { name: 'Request builder' })
    this.urlPreview = this.builder.getByLabel('URL preview')
    this.sendButton = this.builder.getByRole('button', { name: /^Send/ })
    this.idInput = this.builder.getByLabel('Artefact id')
    this.storedArtefacts = this.builder.getByRole('combobox', { name: 'Stored artefacts' })
    this.storedArtefactOptions = this.builder.getByRole('listbox', { name: 'Matching artefacts' }).getByRole('option')
    this.isDraft = this.builder.getByLabel('isDraft', { exact: true })
    this.isDraftValue = this.builder.getByLabel('isDraft value')
    this.accept = this.builder.getByLabel('Accept', { exact: true })
    this.acceptValue = this.builder.getByLabel('Accept value')
    this.contentType = this.builder.getByLabel('Content-Type', { exact: true })
    this.forceStatus = this.builder.getByLabel('Force status', { exact: true })
    this.body = this.builder.getByRole('textbox', { name: 'Request body (JSON)' })
    this.bodyCheck = this.builder.getByLabel('Body check')
    this.insertExample = this.builder.getByRole('button', { name: 'Insert example' })
    this.response = page.getByRole('region', { name: 'Response' })
    this.status = this.response.getByLabel('Status', { exact: true })
    this.meaning = this.response.getByLabel('What this status means')
    this.mockReason = this.response.getByLabel('Mock reason')
    this.notStored = this.response.getByRole('note', { name: 'Accepted but not stored' })
    this.schemaCheck = this.response.getByLabel('Schema check')
    this.responseBody = this.response.getByLabel('Response body')
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/${query}`)
  }

  async chooseOperation(title: OperationTitle): Promise<void> {
    // The button reads "POST Create an artefact suite 3.5.0 /resources/artefact".
    await this.operations.getByRole('button', { name: new RegExp(`^\\w+ ${title} suite`) }).click()
    await expect(this.builder).toBeVisible()
  }

  /** Types `search` into the stored-artefact picker and picks the suggestion named `option`. */
  async pickStoredArtefact(search: string, option: string | RegExp = search): Promise<void> {
    await this.storedArtefacts.click()
    await this.storedArtefacts.fill(search)
    await this.storedArtefactOptions.filter({ hasText: option }).first().click()
  }

  /**
   * Replaces the body text in the CodeMirror editor. The body is a plain textarea until the
   * editor's chunk has loaded; text filled into it as the editor replaces it can land in the
   * detached textarea and be lost, so this waits for the editor (contenteditable) first.
   */
  async setBody(text: string): Promise<void> {
    await expect(this.body).toHaveAttribute('contenteditable', 'true')
    await this.body.click()
    await this.page.keyboard.press('ControlOrMeta+A')
    await this.page.keyboard.press('Delete')
    await this.body.fill(text)
  }

  /** Sends with the button and resolves with the response the page received for `pathname`. */
  async send(how: 'button' | 'shortcut' = 'button'): Promise<Response> {
    const responded = this.page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(PREFIX))
    if (how === 'button') await this.sendButton.click()
    else await this.page.keyboard.press('ControlOrMeta+Enter')
    const response = await responded
    await expect(this.status).toContainText(String(response.status()))
    return response
  }
}
