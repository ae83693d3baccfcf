import { describe, expect, test } from 'vitest'
import type { Exchange } from '../../app/model.ts'
import { snippetView } from './snippet-text.ts'

const PAGE = 'http://localhost:5173'
const PATH = '/v3/preview-upcoming/resources/artefactcategory'

const exchange: Exchange = {
  id: 'x',
  at: 0,
  operation: 'createCategory',
  request: {
    method: 'POST',
    url: `${PAGE}${PATH}`,
    headers: [['X-Artefact-Explorer', '1']],
    body: '{"name":"Billing"}',
  },
  response: {
    status: 201,
    statusText: 'Created',
    headers: [['content-type', 'application/json']],
    body: '{"categoryId":7,"categoryName":"Billing"}',
  },
  failure: null,
  durationMs: 3,
  source: 'explorer',
}

describe('snippetView', () => {
  test('sends fetch to the page origin when the target is the worker', () => {
    const view = snippetView(exchange, 'fetch', { kind: 'worker' }, { origin: PAGE })
    expect(view.text).toContain(`fetch("${PAGE}${PATH}"`)
    expect(view.note).toMatch(/devtools console/)
  })

  test('gives curl and HTTPie no text for the worker, and says to use the HTTP mode', () => {
    for (const format of ['curl', 'httpie'] as const) {
      const view = snippetView(exchange, format, { kind: 'worker' }, { origin: PAGE })
      expect(view).toMatchObject({ text: null, problem: true })
      expect(view.note).toMatch(/empty 404.*HTTP mode/)
    }
  })

  test('names the HTTP mode, its port and the serve command of an app', () => {
    expect(snippetView(exchange, 'curl', { kind: 'http-mode', port: '8787' }, { origin: PAGE })).toMatchObject({
      text: expect.stringContaining(`'http://127.0.0.1:8787${PATH}'`),
      note: 'Sends to the HTTP mode at 127.0.0.1:8787. Start it first: npx artefact-preview-mock serve.',
    })
    expect(snippetView(exchange, 'httpie', { kind: 'http-mode', port: '9000' }, { origin: PAGE }).note).toContain(
      'serve --port 9000',
    )
  })

  test("in this repo names npm run serve, which needs no build, and the app's command beside it", () => {
    const repo = { origin: PAGE, home: 'repo' } as const
    expect(snippetView(exchange, 'curl', { kind: 'http-mode', port: '8787' }, repo).note).toBe(
      'Sends to the HTTP mode at 127.0.0.1:8787. Start it first: npm run serve in this repo (in an app that installed the package: npx artefact-preview-mock serve).',
    )
    expect(snippetView(exchange, 'curl', { kind: 'http-mode', port: '9000' }, repo).note).toContain(
      'npm run serve -- --port 9000 in this repo',
    )
  })

  test('warns when the request names an artefact or a category only this browser holds, and not for the worker', () => {
    const id = '6756458f-b41c-43dc-914f-ae70c73fa13d'
    const get: Exchange = {
      ...exchange,
      operation: 'getArtefact',
      request: { method: 'GET', url: `${PAGE}/v3/preview-upcoming/resources/artefact/${id}`, headers: [], body: null },
      response: { status: 200, statusText: 'OK', headers: [], body: '{}' },
    }
    const session = { categoryName: () => 'Travel', artefactOnlyHere: (asked: string) => asked === id }
    const httpMode = { kind: 'http-mode', port: '8787' } as const
    expect(snippetView(get, 'curl', httpMode, { session }).warning).toBe(
      `Only in this browser: artefact ${id} was created in this page, so another mock answers 404 for it. Create it there first, or copy as a test, which makes it again.`,
    )
    expect(snippetView(get, 'fetch', { kind: 'worker' }, { session }).warning).toBeNull()
    expect(snippetView(exchange, 'curl', httpMode, { session }).warning).toBeNull()
    const inCategory: Exchange = {
      ...exchange,
      operation: 'createArtefact',
      request: {
        ...exchange.request,
        url: `${PAGE}/v3/preview-upcoming/resources/artefact`,
        body: '{"title":"T","category":{"id":8}}',
      },
      response: {
        status: 200,
        statusText: 'OK',
        headers: [],
        body: '{"responseId":"x","hasErrors":false,"errors":[]}',
      },
    }
    expect(snippetView(inCategory, 'curl', httpMode, { session }).warning).toContain(
      'category “Travel” was created in this page',
    )
  })

  test('refuses a port or base URL that cannot be sent to, saying why', () => {
    expect(snippetView(exchange, 'curl', { kind: 'http-mode', port: '70000' }, { origin: PAGE })).toMatchObject({
      text: null,
      problem: true,
    })
    expect(
      snippetView(exchange, 'curl', { kind: 'base-url', text: 'javascript:alert(1)' }, { origin: PAGE }),
    ).toMatchObject({
      text: null,
      note: 'Only http and https URLs can be sent to.',
    })
    expect(
      snippetView(exchange, 'curl', { kind: 'base-url', text: 'https://mock.example.test/api/' }, { origin: PAGE })
        .text,
    ).toContain(`'https://mock.example.test/api${PATH}'`)
  })

  test('writes tests whatever the target, importing the package in an app and the source in this repo', () => {
    expect(snippetView(exchange, 'vitest', { kind: 'worker' }, { origin: PAGE }).text).toContain(
      "from 'artefact-preview-mock'",
    )
    expect(snippetView(exchange, 'playwright', { kind: 'worker' }, { origin: PAGE }).text).toContain(
      "from 'artefact-preview-mock/playwright'",
    )
    const repo = snippetView(exchange, 'vitest', { kind: 'worker' }, { home: 'repo' })
    expect(repo.text).toContain("import { control, handlers } from '#mocks/index.ts'")
    expect(repo.note).toContain('Save it under src/')
    expect(snippetView(exchange, 'playwright', { kind: 'worker' }, { home: 'repo' }).text).toContain(
      "from '#mocks/playwright.ts'",
    )
    expect(snippetView(exchange, 'vitest', { kind: 'worker' }, { home: 'repo', imports: 'package' }).note).toContain(
      'npm run build:lib',
    )
  })

  test('a test for an exchange without an answer has no text', () => {
    expect(
      snippetView({ ...exchange, response: null, failure: 'offline' }, 'vitest', { kind: 'worker' }, { origin: PAGE }),
    ).toMatchObject({ text: null, problem: true })
  })
})
