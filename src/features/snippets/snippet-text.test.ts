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
    const view = snippetView(exchange, 'fetch', { kind: 'worker' }, PAGE)
    expect(view.text).toContain(`fetch("${PAGE}${PATH}"`)
    expect(view.note).toMatch(/devtools console/)
  })

  test('gives curl and HTTPie no text for the worker, and says to use the HTTP mode', () => {
    for (const format of ['curl', 'httpie'] as const) {
      const view = snippetView(exchange, format, { kind: 'worker' }, PAGE)
      expect(view).toMatchObject({ text: null, problem: true })
      expect(view.note).toMatch(/empty 404.*HTTP mode/)
    }
  })

  test('names the serve command and the port for the HTTP mode', () => {
    expect(snippetView(exchange, 'curl', { kind: 'http-mode', port: '8787' }, PAGE)).toMatchObject({
      text: expect.stringContaining(`'http://127.0.0.1:8787${PATH}'`),
      note: expect.stringContaining('npx artefact-preview-mock serve (it listens on 127.0.0.1:8787)'),
    })
    expect(snippetView(exchange, 'httpie', { kind: 'http-mode', port: '9000' }, PAGE).note).toContain(
      'serve --port 9000',
    )
  })

  test('refuses a port or base URL that cannot be sent to, saying why', () => {
    expect(snippetView(exchange, 'curl', { kind: 'http-mode', port: '70000' }, PAGE)).toMatchObject({
      text: null,
      problem: true,
    })
    expect(snippetView(exchange, 'curl', { kind: 'base-url', text: 'javascript:alert(1)' }, PAGE)).toMatchObject({
      text: null,
      note: 'Only http and https URLs can be sent to.',
    })
    expect(
      snippetView(exchange, 'curl', { kind: 'base-url', text: 'https://mock.example.test/api/' }, PAGE).text,
    ).toContain(`'https://mock.example.test/api${PATH}'`)
  })

  test('writes tests whatever the target, and none for an exchange without an answer', () => {
    expect(snippetView(exchange, 'vitest', { kind: 'worker' }, PAGE).text).toContain("from 'artefact-preview-mock'")
    expect(snippetView(exchange, 'playwright', { kind: 'worker' }, PAGE).text).toContain(
      "from 'artefact-preview-mock/playwright'",
    )
    expect(
      snippetView({ ...exchange, response: null, failure: 'offline' }, 'vitest', { kind: 'worker' }, PAGE),
    ).toMatchObject({ text: null, problem: true })
  })
})
