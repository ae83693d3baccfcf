import { expect, test } from './fixtures.ts'
import { watchCsp } from './support/csp-watch.ts'
import { ExplorerPage } from './pages/explorer-page.ts'
import { PanelsPage, PREFIX } from './pages/panels-page.ts'
import { hostileArtefact, XSS_PAYLOADS } from './support/xss-payloads.ts'

/** What a payload that ran or took shape would leave behind in the DOM. */
function domTraces() {
  const onAttributes: string[] = []
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (attribute.name.toLowerCase().startsWith('on')) onAttributes.push(`<${element.localName} ${attribute.name}>`)
    }
  }
  const count = (selector: string) => document.querySelectorAll(selector).length
  return {
    onAttributes,
    // The explorer's own scripts are module scripts from /assets/; anything else came from a payload.
    foreignScripts: [...document.querySelectorAll('script')].filter(
      (script) => !script.src.startsWith(`${location.origin}/assets/`),
    ).length,
    iframes: count('iframe, frame, object, embed'),
    images: count('img, video, audio, source, svg image'),
    svgs: count('svg'),
    javascriptUrls: count(
      '[href^="javascript:" i], [src^="javascript:" i], [action^="javascript:" i], [formaction^="javascript:" i]',
    ),
    // The request builder is the explorer's one form.
    forms: count('form:not([aria-label="Request builder"]), base, meta[http-equiv="refresh" i]'),
  }
}

test(`${XSS_PAYLOADS.length} XSS payloads in every shown field: 0 dialogs, 0 on* attributes, nothing from a payload in the DOM`, async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const csp = await watchCsp(context)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const elsewhere: string[] = []
  context.on('request', (request) => {
    if (!request.url().startsWith('data:') && new URL(request.url()).origin !== new URL(baseURL!).origin)
      elsewhere.push(request.url())
  })
  const panels = new PanelsPage(page)
  const explorer = new ExplorerPage(page)
  await panels.goto()
  const svgsAtStart = (await page.evaluate(domTraces)).svgs

  // Stored through the API from the page: a category per payload, then an artefact in it.
  const ids: string[] = []
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const categoryName = `${payload} [${index}]`
    const category = await panels.fetch(`${PREFIX}/artefactcategory`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: categoryName }),
    })
    expect(category.status, category.body).toBe(201)
    const created = await panels.fetch(`${PREFIX}/artefact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(hostileArtefact(payload, categoryName)),
    })
    expect(created.status).toBe(200)
    const body = JSON.parse(created.body) as { responseId: string; hasErrors: boolean; errors: string[] }
    expect(body.errors).toEqual([])
    ids.push(body.responseId)
  }

  // Data browser: every title and category name shown as text.
  const stored = 14 + XSS_PAYLOADS.length
  await expect(panels.artefacts.getByRole('caption')).toContainText(`(${stored} of ${stored})`)
  await expect(panels.data.getByText(XSS_PAYLOADS[0], { exact: true }).first()).toBeVisible()

  // Response viewer: each artefact opened from the data browser and read with GET, body, headers and request views.
  for (const id of ids) {
    // Only the rows in view are rendered: find each by its id, as a person would.
    await panels.data.getByLabel('Filter').fill(id)
    await panels.artefacts.getByTitle(`GET ${id}`).click()
    await expect(explorer.idInput).toHaveValue(id)
    const answer = await explorer.send()
    expect(answer.status()).toBe(200)
    await expect(explorer.responseBody).toContainText(id)
  }
  await explorer.response.getByRole('tab', { name: /^Headers/ }).click()
  await explorer.response.getByRole('tab', { name: 'Request' }).click()

  // A create sent from the builder with payloads in its body (JSON editor), and one the rules refuse, echoing a payload.
  await explorer.chooseOperation('Create an artefact')
  await expect(explorer.body).toHaveAttribute('contenteditable', 'true')
  await explorer.setBody(JSON.stringify(hostileArtefact(XSS_PAYLOADS[6], `${XSS_PAYLOADS[6]} [6]`)))
  expect((await explorer.send()).status()).toBe(200)
  await explorer.setBody(JSON.stringify({ title: XSS_PAYLOADS[1], category: { name: XSS_PAYLOADS[0] } }))
  expect((await explorer.send()).status()).toBe(200)
  await expect(explorer.notStored).toContainText(XSS_PAYLOADS[0])
  await explorer.response.getByRole('tab', { name: 'Request' }).click()

  // Network log: the page's own creates, opened in the viewer.
  await panels.openTab('Network log')
  const rows = panels.log.getByRole('row', { name: /^POST \/resources\/artefact / })
  await expect(rows.first()).toBeVisible()
  // The oldest rows render once scrolled to.
  await panels.log.getByRole('table').hover()
  await page.mouse.wheel(0, 100_000)
  await rows.last().click()
  await explorer.response.getByRole('tab', { name: 'Request' }).click()
  await expect(explorer.response.getByLabel('Request body sent')).toContainText(XSS_PAYLOADS[0])

  // History: every send, replayed into the builder and reopened in the viewer.
  await panels.openTab('History')
  await expect(panels.history.getByText(`${ids.length + 2} sent`, { exact: true })).toBeVisible()
  await panels.history
    .getByRole('button', { name: /^Replay POST/ })
    .first()
    .click()
  await expect(explorer.body).toContainText('onerror')
  await panels.history
    .getByRole('button', { name: /^Open response of GET/ })
    .first()
    .click()
  await expect(explorer.responseBody).toContainText(ids.at(-1)!)

  const traces = await page.evaluate(domTraces)
  const violations = await csp.read(page)
  test.info().annotations.push({
    type: 'hostile content',
    description: `${XSS_PAYLOADS.length} payloads x 13 fields (title, content text/source/href/resourceLocation/mediaType, category, primaryQuery, queries, channel names, metaData keys/values/dataType), shown in data browser, response viewer, history, network log, JSON editor: ${dialogs.length} dialogs, ${traces.onAttributes.length} on* attributes, ${traces.foreignScripts} foreign scripts, ${traces.iframes} frames, ${traces.images} images, ${violations.length} CSP violations, ${elsewhere.length} requests to other origins`,
  })
  expect(dialogs).toEqual([])
  expect(traces).toEqual({
    onAttributes: [],
    foreignScripts: 0,
    iframes: 0,
    images: 0,
    svgs: svgsAtStart,
    javascriptUrls: 0,
    forms: 0,
  })
  expect(violations).toEqual([])
  expect(elsewhere).toEqual([])

  // Control: the same checks see markup a payload would leave (an inert on* attribute: a real handler is a CSP error).
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      'beforeend',
      '<span hidden><b onpayload="x"></b><img alt=""><iframe></iframe></span>',
    ),
  )
  const planted = await page.evaluate(domTraces)
  expect(planted).toMatchObject({ onAttributes: ['<b onpayload>'], iframes: 1, images: 1 })
})
