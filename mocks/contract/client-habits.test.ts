/**
 * Issue 37 point 13: what popular clients send by default is refused by the spec's rules, and the
 * reason names the habit and the fix. The explorer's forecast calls the same rule functions.
 */
import { expect, test } from 'vitest'
import { ARTEFACT, CATEGORY, PUBLISHED_ARTEFACT, startMock } from '../testing/support.ts'
import { judgeAccept, judgeContentType } from './negotiation.ts'

const AXIOS_ACCEPT = 'application/json, text/plain, */*'

const reasonOf = (verdict: { ok: true } | { ok: false; reason: string }) => (verdict.ok ? null : verdict.reason)

test("names axios's default Accept and the fix, on every operation", async () => {
  const mock = startMock()
  const answers = [
    await mock.api(PUBLISHED_ARTEFACT, { headers: { Accept: AXIOS_ACCEPT } }),
    await mock.post(ARTEFACT, { title: 'x' }, { headers: { Accept: AXIOS_ACCEPT } }),
    await mock.post(CATEGORY, { name: 'x' }, { headers: { Accept: AXIOS_ACCEPT } }),
  ]
  for (const answer of answers) {
    expect(answer.status).toBe(406)
    const reason = answer.headers.get('X-Mock-Reason')
    expect(reason).toContain('Accept: text/plain is not satisfied by application/json')
    expect(reason).toContain('is the Accept axios sends by default')
    expect(reason).toContain("Accept: 'application/json'")
  }
})

test('recognises the axios value with other spacing and case, and nothing else', () => {
  expect(reasonOf(judgeAccept('Application/JSON,text/plain,  */*'))).toContain('axios')
  for (const other of ['application/json, text/plain', 'text/plain, */*', 'application/json, text/html, */*'])
    expect(reasonOf(judgeAccept(other)), other).not.toContain('axios')
})

test("names fetch's text/plain label when the body is JSON, and the fix", async () => {
  const mock = startMock()
  for (const path of [ARTEFACT, CATEGORY]) {
    // What fetch does with a string body and no Content-Type.
    const answer = await mock.api(path, { method: 'POST', body: JSON.stringify({ title: 'x', name: 'x' }) })
    expect(answer.status).toBe(415)
    const reason = answer.headers.get('X-Mock-Reason')
    expect(reason).toContain('Content-Type: "text/plain;charset=UTF-8" is not supported; send application/json')
    expect(reason).toContain('fetch labels a string body text/plain;charset=UTF-8')
    expect(reason).toContain("'Content-Type': 'application/json'")
  }
})

test('a text/plain body that is not JSON, or another text type, gets the plain reason', async () => {
  const mock = startMock()
  const prose = await mock.api(CATEGORY, { method: 'POST', body: 'name=Mobile' })
  expect(prose.status).toBe(415)
  expect(prose.headers.get('X-Mock-Reason')).toBe(
    'Content-Type: "text/plain;charset=UTF-8" is not supported; send application/json',
  )
  expect(reasonOf(judgeContentType('text/csv', '{"a":1}'))).not.toContain('fetch')
  expect(reasonOf(judgeContentType('text/plain; charset=utf-8', '{"a":1}'))).toContain('fetch labels')
  expect(reasonOf(judgeContentType('text/plain;charset=UTF-8'))).not.toContain('fetch')
})
