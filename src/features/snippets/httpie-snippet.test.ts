import { describe, expect, test } from 'vitest'
import { httpieCanSend, toHttpie } from './httpie-snippet.ts'

const URL = 'http://localhost:5173/v3/preview-upcoming/resources/artefactcategory'

describe('toHttpie', () => {
  test("removes HTTPie's own Content-Type when the request had none, and sends the body raw", () => {
    expect(
      toHttpie({ method: 'POST', url: URL, headers: [['X-Artefact-Explorer', '1']], body: `{"name":"It's"}` }),
    ).toBe(
      [
        "http --ignore-stdin --print=hb 'POST' 'http://127.0.0.1:8787/v3/preview-upcoming/resources/artefactcategory'",
        "'Content-Type:'",
        `--raw='{"name":"It'\\''s"}'`,
      ].join(' \\\n  '),
    )
  })

  test('sends an empty header value as Name; and a GET without --raw', () => {
    expect(
      toHttpie({ method: 'GET', url: URL, headers: [['Accept', '']], body: null }, 'https://mock.example.test'),
    ).toBe(
      "http --ignore-stdin --print=hb 'GET' 'https://mock.example.test/v3/preview-upcoming/resources/artefactcategory' \\\n  'Accept;'",
    )
  })

  test('says so when a header value has a backslash HTTPie would drop', () => {
    const headers: Array<[string, string]> = [['Prefer', 'code\\=503']]
    expect(httpieCanSend(headers)).toBe(false)
    expect(toHttpie({ method: 'GET', url: URL, headers, body: null })).toMatch(/^# HTTPie drops a backslash/)
    expect(httpieCanSend([['Prefer', 'code=503']])).toBe(true)
  })
})
