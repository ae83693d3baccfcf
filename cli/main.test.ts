import type { ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, test } from 'vitest'
import { rawRequest, cli as startCli, serve as startServe } from './test-support.ts'
import { PUBLISHED_ARTEFACT as ARTEFACT } from '../mocks/testing/support.ts'

const running = new Set<ChildProcess>()
const cli = (...args: string[]) => startCli(running, ...args)
const serve = (...args: string[]) => startServe(running, ...args)

afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
})

// Each test spawns Node processes; a loaded machine needs more than the default 5 s.
describe('artefact-preview-mock serve', { timeout: 30_000 }, () => {
  test('serves the mock on a free port, prints the admin paths, and exits 0 on SIGTERM', async () => {
    const server = await serve()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.stdout()).toContain('/__mock/state')
    const res = await fetch(`${server.url}${ARTEFACT}`)
    expect(res.status).toBe(200)
    expect((await res.json()).title).toBe('Reset your password')
    server.child.kill('SIGTERM')
    expect(await server.exit).toBe(0)
  })

  test('exits 0 on SIGINT too', async () => {
    const server = await serve()
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
  })

  test('applies its flags: maintenance, quota, rate and latency', async () => {
    const down = await serve('--maintenance')
    const res = await fetch(`${down.url}${ARTEFACT}`)
    expect([res.status, res.headers.get('Retry-After')]).toEqual([503, '30'])

    const limited = await serve('--quota', '1', '--rate', '5/60', '--latency', '0-5')
    const state = await (await fetch(`${limited.url}/__mock/state`)).json()
    expect(state.settings).toMatchObject({
      quota: 1,
      rateLimit: { calls: 5, windowSeconds: 60 },
      latency: { mode: 'range', minMs: 0, maxMs: 5 },
    })
    expect((await fetch(`${limited.url}${ARTEFACT}`)).status).toBe(200)
    expect((await fetch(`${limited.url}${ARTEFACT}`)).status).toBe(403)
  })

  test('a port in use is one clear line and exit 1', async () => {
    const first = await serve()
    const port = new URL(first.url).port
    const second = cli('serve', '--port', port)
    expect(await second.exit).toBe(1)
    expect(second.stderr().trim()).toBe(`artefact-preview-mock: port ${port} is in use; pick another with --port`)
    expect((await fetch(`${first.url}${ARTEFACT}`)).status).toBe(200)
  })

  test('--help prints the usage and exits 0', async () => {
    const help = cli('--help')
    expect(await help.exit).toBe(0)
    expect(help.stdout()).toContain('Usage: artefact-preview-mock serve')
    expect(help.stdout()).toContain('--rate N/SECONDS')
  })

  test('a bad flag or command says what is wrong and exits 2', async () => {
    const cases = [
      ['serve', '--rate', '10'],
      ['serve', '--port', 'http'],
      ['serve', '--latency', '900000'],
      ['start'],
      ['serve', '--colour'],
      ['serve', '--max-records', '0'],
      ['serve', '--max-store-mb', '99999999999999'],
      ['serve', '--admin-token', 'short'],
      ['serve', '--data', ''],
    ]
    const runs = cases.map((args) => ({ args, bad: cli(...args) }))
    for (const { args, bad } of runs) {
      expect(await bad.exit, args.join(' ')).toBe(2)
      expect(bad.stderr()).toMatch(/^artefact-preview-mock: .+\n/)
    }
  })

  test('applies the guard and the caps: --allowed-hosts, --admin-token, --max-records', async () => {
    const token = 'a-token-of-enough-length'
    const server = await serve(
      '--allowed-hosts',
      'mock.team.test,.example.test',
      '--admin-token',
      token,
      '--max-records',
      '21',
    )
    expect(server.stdout()).toContain('admin paths need Authorization: Bearer <the token given>')
    expect(server.stdout()).not.toContain(token)
    const port = new URL(server.url).port
    for (const [host, status] of [
      ['mock.team.test', 200],
      ['api.example.test', 200],
      ['evil.test', 400],
    ] as const) {
      const answer = await rawRequest(
        Number(port),
        `GET ${ARTEFACT} HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n\r\n`,
      )
      expect(answer.status, host).toBe(status)
    }
    expect((await fetch(`${server.url}/__mock/state`)).status).toBe(401)
    expect((await fetch(`${server.url}/__mock/state`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      200,
    )
    const create = () =>
      fetch(`${server.url}/v3/preview-upcoming/resources/artefactcategory`, {
        method: 'POST',
        body: JSON.stringify({ name: `C${Math.random()}` }),
        headers: { 'Content-Type': 'application/json' },
      })
    expect((await create()).status).toBe(201)
    expect((await create()).status).toBe(403)
  })
})
