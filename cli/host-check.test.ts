import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createControl } from '../mocks/index.ts'
import { createHostCheck, isLoopback, parseHost } from './host-check.ts'
import { type HttpServer, startHttpServer } from './http-server.ts'
import { rawRequest } from './test-support.ts'
import { PUBLISHED_ARTEFACT as ARTEFACT } from '../mocks/testing/support.ts'

describe('parseHost', () => {
  test('reads names, IPv4 and bracketed IPv6, with or without a port', () => {
    expect(parseHost('Mock.Example.test:8787')).toEqual({ hostname: 'mock.example.test', port: '8787', ip: false })
    expect(parseHost('127.0.0.1')).toEqual({ hostname: '127.0.0.1', port: null, ip: true })
    expect(parseHost('[::1]:80')).toEqual({ hostname: '[::1]', port: '80', ip: true })
    expect(parseHost('localhost.:1')).toEqual({ hostname: 'localhost', port: '1', ip: false })
  })

  test('refuses what is not a host', () => {
    for (const bad of [
      'a:b:c',
      '[::1',
      '[::1]x',
      'x:99999',
      'x:',
      ':80',
      '::1',
      'a b',
      'a/b',
      'évil.test',
      '-a.test',
      'a..b',
      'x:8o',
      '[zz::1]',
      '',
    ]) {
      expect(parseHost(bad), bad).toBeNull()
    }
  })
})

describe('createHostCheck', () => {
  test('accepts IP addresses, localhost and its subdomains, the bound host, the base URL host and the allowed ones', () => {
    const check = createHostCheck({
      allowedHosts: ['mock.team.test', '.example.test'],
      bindHost: 'devbox.lan',
      baseUrl: 'https://api.public.test/v3',
    })
    for (const host of [
      '127.0.0.1:8787',
      '192.168.1.20',
      '[::1]:8787',
      'localhost:8787',
      'app.localhost',
      'devbox.lan:8787',
      'api.public.test',
      'mock.team.test:80',
      'example.test',
      'a.b.example.test:1',
    ]) {
      expect(check(host), host).toMatchObject({ ok: true })
    }
  })

  test('refuses other names (DNS rebinding) and says how to allow them', () => {
    const check = createHostCheck({ allowedHosts: ['.example.test'] })
    for (const host of [
      'evil.test:8787',
      'example.test.evil.test',
      'notexample.test',
      'localhost.evil.test',
      '127.0.0.1.nip.io',
    ]) {
      const verdict = check(host)
      expect(verdict, host).toMatchObject({ ok: false, reason: expect.stringContaining('--allowed-hosts') })
    }
    expect(check(undefined)).toMatchObject({ ok: false, reason: expect.stringContaining('missing') })
  })

  test('hands back the host lower-cased, for links', () => {
    expect(createHostCheck()('LOCALHOST:8787')).toEqual({ ok: true, host: 'localhost:8787' })
  })
})

test('isLoopback knows 127.0.0.0/8, ::1 and localhost, and nothing else', () => {
  expect(['127.0.0.1', '127.9.9.9', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true)
  expect(['0.0.0.0', '::', '192.168.1.2', 'devbox.lan', '128.0.0.1'].some(isLoopback)).toBe(false)
})

describe('over HTTP', () => {
  let server: HttpServer
  let port: number
  const get = (path: string, host: string, extra = '') =>
    rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`)

  beforeEach(async () => {
    server = await startHttpServer({ port: 0, control: createControl(), allowedHosts: ['mock.team.test'] })
    port = Number(new URL(server.url).port)
  })
  afterEach(() => server.close())

  test('a rebinding Host is 400 with the Error body, on the mock and the admin alike', async () => {
    for (const path of [ARTEFACT, '/__mock/state', '/__mock/reset']) {
      const answer = await get(path, `evil.test:${port}`)
      expect(answer.status, path).toBe(400)
      expect(JSON.parse(answer.body)).toEqual({ errorCode: '400', message: 'Bad Request' })
      expect(answer.headers['x-mock-reason']).toContain('"evil.test" is not a name of this server')
    }
    const post = await rawRequest(
      port,
      `POST /__mock/reset HTTP/1.1\r\nHost: evil.test:${port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    )
    expect(post.status).toBe(400)
  })

  test('a malformed Host is 400, never 500', async () => {
    for (const host of ['a:b:c', '[::1', `x:99999`, 'a b', '%00']) {
      const answer = await get(ARTEFACT, host)
      expect(answer.status, host).toBe(400)
      expect(answer.headers['x-mock-reason'], host).toMatch(/^Host: /)
    }
    const twice = await rawRequest(
      port,
      `GET ${ARTEFACT} HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.test\r\nConnection: close\r\n\r\n`,
    )
    expect([twice.status, twice.headers['x-mock-reason']]).toEqual([400, 'Host: given more than once'])
    const none = await rawRequest(port, `GET ${ARTEFACT} HTTP/1.1\r\nConnection: close\r\n\r\n`)
    expect([none.status, none.headers['x-mock-reason']]).toEqual([
      400,
      'Host: missing; HTTP/1.1 requests must name the host',
    ])
  })

  test('links are built from the checked Host only', async () => {
    const answer = await get(ARTEFACT, `Mock.Team.Test:${port}`)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body).links[0].href).toBe(`http://mock.team.test:${port}${ARTEFACT}`)
    const v10 = await rawRequest(port, `GET ${ARTEFACT} HTTP/1.0\r\n\r\n`)
    expect(JSON.parse(v10.body).links[0].href).toBe(`${server.url}${ARTEFACT}`)
  })

  test('with a base URL, links name it whatever Host was sent', async () => {
    const based = await startHttpServer({ port: 0, baseUrl: 'https://mock.public.test' })
    try {
      const answer = await rawRequest(
        Number(new URL(based.url).port),
        `GET ${ARTEFACT} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      )
      expect(JSON.parse(answer.body).links[0].href).toBe(`https://mock.public.test${ARTEFACT}`)
    } finally {
      await based.close()
    }
  })

  test('listening beyond loopback without an admin token is refused before binding', async () => {
    await expect(startHttpServer({ port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /reachable from other machines: pass adminToken/,
    )
  })
})
