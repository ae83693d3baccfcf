import { execFile } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type HttpServer, startHttpServer } from '../cli/http-server.ts'
import { toPlaywrightTest } from '../src/features/snippets/playwright-test.ts'
import { explorerExchange, REQUEST_MATRIX, sessionExchanges } from '../src/features/snippets/request-matrix.ts'
import { expect, test } from './fixtures.ts'
import { CopyAsDialog } from './pages/copy-as-dialog.ts'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../', import.meta.url))

let server: HttpServer
test.beforeAll(async () => {
  server = await startHttpServer({ port: 0 })
})
test.afterAll(() => server.close())

test('an omitted Content-Type stays omitted: the explorer and its curl on the HTTP mode get 201, its fetch in the page is read as JSON', async ({
  explorerPage,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await explorerPage.chooseOperation('Create an artefact category')
  await explorerPage.contentType.selectOption({ value: '__omit__' })
  await explorerPage.setBody('{"name":"Snippet check"}')
  const answer = await explorerPage.send()
  expect(answer.status()).toBe(201)
  expect(answer.fromServiceWorker()).toBe(true)

  const dialog = await CopyAsDialog.open(page, explorerPage.response.getByRole('button', { name: 'Copy as test' }))
  await dialog.format('curl')
  await expect(dialog.target('HTTP mode on port')).toBeChecked()
  await expect(dialog.note).toContainText('npx artefact-preview-mock serve')
  await dialog.port.fill(new URL(server.url).port)
  const curl = await dialog.copy()
  expect(curl).toContain("-H 'Content-Type:'")
  expect(curl).toContain(`--data-binary '{"name":"Snippet check"}'`)
  const { stdout } = await run('sh', ['-c', curl])
  expect(stdout).toMatch(/^HTTP\/1\.1 201 /)
  expect(stdout).toContain('{"categoryId":7,"categoryName":"Snippet check"}')

  await dialog.format('fetch')
  await dialog.target("This page's mock worker").check()
  const fetchSnippet = await dialog.copy()
  expect(fetchSnippet).toContain('new TextEncoder().encode(')
  await dialog.close()
  // The page's worker answers: the name is taken now, and the answer says so (not 415).
  const inPage = (await page.evaluate(fetchSnippet)) as { status: number; body: string }
  expect(inPage.status).toBe(422)
  expect(JSON.parse(inPage.body)).toEqual({ errorCode: '422', message: 'Unprocessable Entity' })
})

test('curl and HTTPie are not offered against the page worker, which they cannot reach', async ({
  explorerPage,
  page,
}) => {
  await explorerPage.send()
  const dialog = await CopyAsDialog.open(page, explorerPage.response.getByRole('button', { name: 'Copy as test' }))
  await dialog.format('HTTPie')
  await dialog.target("This page's mock worker").check()
  await expect(dialog.problem).toContainText('empty 404')
  await expect(dialog.code).toHaveCount(0)
  await expect(dialog.copyButton).toBeDisabled()
  await dialog.target('Base URL').check()
  await dialog.baseUrl.fill('javascript:alert(1)')
  await expect(dialog.problem).toHaveText('Only http and https URLs can be sent to.')
  await dialog.baseUrl.fill('https://mock.example.test/api')
  await expect(dialog.code).toContainText("'https://mock.example.test/api/v3/preview-upcoming/resources/artefact/")
  await page.screenshot({ path: test.info().outputPath('copy-as-httpie.png') })
})

test('every generated Playwright test passes against the explorer, those copied from the log included', {
  tag: '@nested-run',
}, async ({ explorerPage, page, context, baseURL }) => {
  // The nested run takes about 3 min on a loaded 2-core machine; it once ran past a 200 s limit.
  test.setTimeout(480_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // One from the log, copied through the dialog: a 503 forced from the mock controls.
  await page.evaluate(() => window.__ARTEFACT_MOCK__!.forceNext(503))
  await explorerPage.send()
  await page.getByRole('tab', { name: 'Network log' }).click()
  const row = page
    .getByRole('region', { name: 'Network log' })
    .getByRole('row', { name: /^GET \/resources\/artefact\/\S+ 503, forced/ })
  const dialog = await CopyAsDialog.open(page, row.getByRole('button', { name: /^Copy / }))
  await dialog.format('Playwright test')
  const copied = await dialog.copy()
  expect(copied).toContain('await mock.forceNext(503)')
  await dialog.close()
  // And every answer of the request matrix and of a session, written in Node.
  const generated = [
    copied,
    ...(await Promise.all(REQUEST_MATRIX.map(([, request]) => explorerExchange(request)))).map(
      (exchange) => toPlaywrightTest(exchange)!,
    ),
    ...(await sessionExchanges()).map((exchange) => toPlaywrightTest(exchange)!),
  ]
  const dir = join(ROOT, '.generated-tests', `playwright-${test.info().workerIndex}-${process.pid}`)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await Promise.all(generated.map((text, index) => writeFile(join(dir, `case-${index}.spec.ts`), text)))
  // The package's name resolves to this repo's source, as a user's node_modules would to the build.
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        baseUrl: '.',
        paths: { 'artefact-preview-mock/playwright': [join(ROOT, 'mocks/playwright.ts')] },
      },
    }),
  )
  await writeFile(
    join(dir, 'playwright.config.ts'),
    `import { defineConfig } from '@playwright/test'
export default defineConfig({
  testDir: '.',
  workers: 2,
  reporter: [['json', { outputFile: 'report.json' }]],
  outputDir: 'results',
  use: { baseURL: ${JSON.stringify(baseURL)}, serviceWorkers: 'allow', launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] } },
})
`,
  )
  const cli = join(ROOT, 'node_modules/@playwright/test/cli.js')
  const result = await run(process.execPath, [cli, 'test', '-c', join(dir, 'playwright.config.ts')], {
    cwd: dir,
    timeout: 420_000,
  }).catch((error: { stdout?: string; stderr?: string }) => error)
  const output = 'stdout' in result ? `${result.stdout}\n${result.stderr}` : ''
  // A run stopped before its end writes no report: say so with its output, not with ENOENT.
  const reportText = await readFile(join(dir, 'report.json'), 'utf8').catch(() => {
    throw new Error(`the nested Playwright run wrote no report.json:\n${output}`)
  })
  const report = JSON.parse(reportText) as {
    stats: { expected: number; unexpected: number }
  }
  expect(report.stats, output).toMatchObject({
    expected: generated.length,
    unexpected: 0,
  })
  await rm(dir, { recursive: true, force: true })
})
