import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { BUILT_IN_SCENARIOS } from '../mocks/index.ts'
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

describe('serve --scenario and --scenarios', { timeout: 30_000 }, () => {
  const KNOWN = BUILT_IN_SCENARIOS.map((scenario) => scenario.id).join(', ')
  const dir = mkdtempSync(join(tmpdir(), 'apm-scenario-files-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const MOCKS = pathToFileURL(join(import.meta.dirname, '../mocks/index.ts')).href
  /** A scenarios file in the temporary folder, importing defineScenario as a user's would. */
  const file = (name: string, body: string) => {
    const path = join(dir, name)
    writeFileSync(path, `import { defineScenario } from '${MOCKS}'\n${body}\n`)
    return path
  }
  const NEW_CUSTOMER = `defineScenario({
    id: 'new-customer',
    title: 'New customer',
    description: 'No artefacts yet, and the first read fails once.',
    data: () => ({ artefacts: [], categories: [] }),
    overrides: { getArtefact: [{ status: 503 }, 'mock'] },
  })`

  test('--scenario starts in that scenario, and says so', async () => {
    const server = await serve('--scenario', 'empty')
    expect(server.stdout()).toContain('scenario: empty (9 known')
    const res = await fetch(`${server.url}${ARTEFACT}`)
    expect([res.status, res.headers.get('X-Mock-Scenario')]).toEqual([404, 'empty'])
  })

  test('an unknown --scenario refuses to start, names the known ids and exits 2', async () => {
    const bad = cli('serve', '--port', '0', '--scenario', 'emtpy')
    expect(await bad.exit).toBe(2)
    expect(bad.stderr()).toBe(`artefact-preview-mock: --scenario: no scenario has the id "emtpy"; known: ${KNOWN}\n`)
    expect(bad.stdout()).toBe('')
  })

  test("--scenarios loads a file's default export, or its export scenarios, beside the built-in ones", async () => {
    for (const body of [`export default [${NEW_CUSTOMER}]`, `export const scenarios = [${NEW_CUSTOMER}]`]) {
      const server = await serve('--scenarios', file('mine.mjs', body), '--scenario', 'new-customer')
      const list = await (await fetch(`${server.url}/__mock/scenarios`)).json()
      expect(list.active).toBe('new-customer')
      expect(list.scenarios.at(-1)).toEqual({
        id: 'new-customer',
        title: 'New customer',
        description: 'No artefacts yet, and the first read fails once.',
        active: true,
      })
      expect((await fetch(`${server.url}${ARTEFACT}`)).status).toBe(503)
      expect((await fetch(`${server.url}${ARTEFACT}`)).status).toBe(404)
      server.child.kill('SIGKILL')
    }
  })

  test('a scenarios file that cannot be used says why and exits 2', async () => {
    const cases: Array<[string, RegExp]> = [
      [join(dir, 'missing.mjs'), /--scenarios .*missing\.mjs: cannot load it: /],
      [
        file('object.mjs', `export default ${NEW_CUSTOMER}`),
        /export an array of defineScenario\(\.\.\.\) as the default export or as "scenarios"/,
      ],
      [
        file('twice.mjs', `export default [${NEW_CUSTOMER}, ${NEW_CUSTOMER}]`),
        /two scenarios have the id "new-customer"/,
      ],
      [
        file('builtin.mjs', "export default [{ id: 'empty', title: 'Mine', description: 'Taken.' }]"),
        /two scenarios have the id "empty"/,
      ],
      [
        file('slug.mjs', "export default [{ id: 'Not A Slug', title: 'x', description: 'y' }]"),
        /a scenario id is a kebab-case slug/,
      ],
      [file('throws.mjs', "throw new Error('broken on import')"), /cannot load it: broken on import/],
    ]
    const runs = cases.map(([path, pattern]) => ({ pattern, bad: cli('serve', '--port', '0', '--scenarios', path) }))
    for (const { pattern, bad } of runs) {
      expect(await bad.exit, bad.stderr()).toBe(2)
      expect(bad.stderr()).toMatch(pattern)
    }
    const unknown = cli(
      'serve',
      '--port',
      '0',
      '--scenarios',
      file('ok.mjs', `export default [${NEW_CUSTOMER}]`),
      '--scenario',
      'nope',
    )
    expect(await unknown.exit).toBe(2)
    expect(unknown.stderr()).toContain(`known: ${KNOWN}, new-customer`)
  })

  test('--help tells how to write a scenarios file', async () => {
    const help = cli('--help')
    expect(await help.exit).toBe(0)
    expect(help.stdout()).toMatch(
      /--scenarios FILE +your own scenarios: an ES module whose default export, or export "scenarios", is an/,
    )
    expect(help.stdout()).toContain('PUT /__mock/scenario')
  })
})
