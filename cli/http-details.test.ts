/** Issue 37 point 15: HTTP details a savvy client notices (RFC 9110 and 9112). */
import { describe, expect, test } from 'vitest'
import { RESOURCES as PREFIX, SEED } from '../mocks/testing/support.ts'
import { readTarget } from './request-target.ts'
import { httpServerPerTest, rawRequest } from './test-support.ts'

const { current } = httpServerPerTest()
const port = () => Number(new URL(current.server.url).port)
const raw = (requestLine: string, headers = 'Host: 127.0.0.1\r\n') =>
  rawRequest(port(), `${requestLine} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`)

describe('a plain OPTIONS (RFC 9110 8.6)', () => {
  test('is answered 204 with Allow and no Content-Length', async () => {
    const answer = await raw(`OPTIONS ${PREFIX}/artefact`)
    expect(answer.status).toBe(204)
    expect(answer.headers.allow).toBe('POST, OPTIONS')
    expect(answer.headers).not.toHaveProperty('content-length')
    expect(answer.body).toBe('')
  })

  test('a CORS preflight carries no Content-Length either', async () => {
    const answer = await raw(
      `OPTIONS ${PREFIX}/artefact`,
      'Host: 127.0.0.1\r\nOrigin: http://app.test\r\nAccess-Control-Request-Method: POST\r\n',
    )
    expect(answer.status).toBe(204)
    expect(answer.headers).not.toHaveProperty('content-length')
  })
})

describe('a request target in absolute form (RFC 9112 3.2.2)', () => {
  test('is answered as the same path in origin form', async () => {
    const answer = await raw(`GET ${current.server.url}${PREFIX}/artefact/${SEED.published}`)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ id: SEED.published, title: 'Reset your password' })
  })

  test("takes the target's host, not the Host header, and checks it", async () => {
    const foreign = await raw(`GET http://evil.example${PREFIX}/artefact/${SEED.published}`)
    expect(foreign.status).toBe(400)
    expect(foreign.headers['x-mock-reason']).toContain('evil.example')
    const known = await raw(`GET ${current.server.url}${PREFIX}/artefact/${SEED.published}`, 'Host: evil.example\r\n')
    expect(known.status).toBe(200)
  })

  test('reaches the admin paths as the origin form does', async () => {
    const answer = await raw(`GET ${current.server.url}/__mock/state`)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toHaveProperty('settings')
  })

  test('refuses user information and other schemes', async () => {
    expect((await raw(`GET http://me@127.0.0.1${PREFIX}/artefact/${SEED.published}`)).status).toBe(400)
    const ftp = await raw(`GET ftp://127.0.0.1${PREFIX}/artefact/${SEED.published}`)
    expect([ftp.status, ftp.headers['x-mock-reason']]).toEqual([
      400,
      'the request target must be a path or an http:// URL',
    ])
  })
})

test('readTarget reads both forms', () => {
  expect(readTarget('/v3/x?a=1')).toEqual({ ok: true, path: '/v3/x?a=1', authority: null })
  expect(readTarget('HTTP://127.0.0.1:8787/v3/x?a=1')).toEqual({
    ok: true,
    path: '/v3/x?a=1',
    authority: '127.0.0.1:8787',
  })
  expect(readTarget('example.com:443').ok).toBe(false)
  expect(readTarget('http://u:p@h/x').ok).toBe(false)
})
