import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from './fixtures.ts'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../', import.meta.url))

let server: ChildProcess
let serverUrl: string
// The app under test, on a loopback origin of its own: its calls to the server are cross-origin,
// as a dev server's are (Chromium refuses loopback calls from a page it takes for public).
let app: Server
let appUrl: string

/** `node cli/main.ts serve` on a free 127.0.0.1 port, as a suite's global setup would start it. */
test.beforeAll(async () => {
  app = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>App</title><h1>App</h1>')
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`
  server = spawn(process.execPath, ['cli/main.ts', 'serve', '--port', '0'], { cwd: ROOT, stdio: 'pipe' })
  serverUrl = await new Promise<string>((resolve, reject) => {
    let output = ''
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (url) resolve(url)
    })
    server.on('exit', (code) => reject(new Error(`serve exited ${code} before listening:\n${output}`)))
  })
})
test.afterAll(() => {
  server.kill('SIGTERM')
  app.close()
})

interface Report {
  suites: Suite[]
}
interface Suite {
  suites?: Suite[]
  specs: Array<{ title: string; tests: Array<{ results: Array<{ status: string; error?: { message?: string } }> }> }>
}

/** Each test of the report: its title, status and first error. */
function outcomes(report: Report): Record<string, { status: string; error: string }> {
  const out: Record<string, { status: string; error: string }> = {}
  const walk = (suite: Suite) => {
    for (const spec of suite.specs) {
      const result = spec.tests[0]?.results[0]
      out[spec.title] = { status: result?.status ?? 'not run', error: result?.error?.message ?? '' }
    }
    for (const inner of suite.suites ?? []) walk(inner)
  }
  for (const suite of report.suites) walk(suite)
  return out
}

test('under mockServer, parallel workers sharing one server each get a scope of their own, dropped at the end', async ({
  baseURL,
}) => {
  test.setTimeout(240_000)
  const dir = join(ROOT, '.generated-tests', `fixture-http-${test.info().workerIndex}-${process.pid}`)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const cli = join(ROOT, 'node_modules/@playwright/test/cli.js')
  const result = await run(process.execPath, [cli, 'test', '-c', join(ROOT, 'e2e/nested/fixture-http.config.ts')], {
    cwd: ROOT,
    timeout: 200_000,
    env: {
      ...process.env,
      MOCK_SERVER: serverUrl,
      APP_URL: appUrl,
      BASE_URL: baseURL,
      BARRIER_DIR: dir,
      REPORT: join(dir, 'report.json'),
      OUTPUT_DIR: join(dir, 'results'),
    },
  }).catch((error: { stdout?: string; stderr?: string }) => error)
  const output = 'stdout' in result ? `${result.stdout}\n${result.stderr}` : ''
  const reportText = await readFile(join(dir, 'report.json'), 'utf8').catch(() => {
    throw new Error(`the nested Playwright run wrote no report.json:\n${output}`)
  })
  const tests = outcomes(JSON.parse(reportText) as Report)

  expect(tests['A: its own scope, in the empty scenario'], output).toEqual({ status: 'passed', error: '' })
  expect(tests['B: its own scope, switched and clocked'], output).toEqual({ status: 'passed', error: '' })
  // An unknown id fails the test, naming the known ones: on the server and in the page.
  const known = /no scenario has the id "no-such-scenario"; known: default, empty, many, drafts, maintenance/
  for (const title of [
    'refused: an unknown mockScenario on the server',
    'refused: an unknown mockScenario in the page',
  ]) {
    expect(tests[title]?.status, title).toBe('failed')
    expect(tests[title]?.error, title).toMatch(known)
  }

  // Every scope was dropped at its test's end, and the shared scope saw none of their requests.
  const state = (await (await fetch(`${serverUrl}/__mock/state`)).json()) as {
    scenario: string
    quotaUsed: number
    scopes: { named: unknown[] }
  }
  expect(state).toMatchObject({ scenario: 'default', quotaUsed: 0, scopes: { named: [] } })
  const shared = await fetch(`${serverUrl}/v3/preview-upcoming/resources/artefactcategory`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Made by a parallel test' }),
  })
  expect(shared.status).toBe(201)
  await rm(dir, { recursive: true, force: true })
})
