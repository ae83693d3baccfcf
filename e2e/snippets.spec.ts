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
  await expect(dialog.note).toContainText('npm run serve in this repo')
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
  expect(copied).toContain("from '#mocks/playwright.ts'")
  await dialog.close()
  // And every answer of the request matrix and of a session, written in Node.
  const generated = [
    copied,
    ...(await Promise.all(REQUEST_MATRIX.map(([, request]) => explorerExchange(request)))).map(
      (exchange) => toPlaywrightTest(exchange)!,
    ),
    // As the explorer writes them for this repo: importing the fixture's source, as the copied one does.
    ...(await sessionExchanges()).map((exchange) => toPlaywrightTest(exchange, { imports: 'repo' })!),
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

test('Copy as test for a create in a category the page made: the Vitest test makes the category first and passes from this repo, no build', async ({
  explorerPage,
  page,
}) => {
  test.setTimeout(120_000)
  await explorerPage.chooseOperation('Create an artefact category')
  await explorerPage.setBody('{"name": "Travel"}')
  const made = await explorerPage.send()
  const { categoryId } = (await made.json()) as { categoryId: number }
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.setBody(JSON.stringify({ title: 'Pay by card', category: { id: categoryId } }))
  await explorerPage.send()
  await expect(explorerPage.status).toHaveText('200 OK')

  const dialog = await CopyAsDialog.open(page, explorerPage.response.getByRole('button', { name: 'Copy as test' }))
  await expect(dialog.root.getByRole('radio', { name: "This repo's source (no build)" })).toBeChecked()
  await expect(dialog.note).toContainText('Save it under src/')
  await expect(dialog.note).toContainText('It first makes the category “Travel” this page had created')
  const text = (await dialog.code.textContent()) ?? ''
  expect(text).toContain("from '#mocks/index.ts'")
  expect(text).toContain("body: JSON.stringify({ name: 'Travel' })")
  expect(text).toContain('category: { id: categoryId }')
  expect(text).not.toContain(`id: ${categoryId} }`)
  await dialog.root.getByRole('radio', { name: 'The installed package (your app)' }).check()
  await expect(dialog.note).toContainText('npm run build:lib')
  await expect(dialog.code).toContainText("from 'artefact-preview-mock'")
  await dialog.format('Playwright test')
  await expect(dialog.code).toContainText('category: { id: categoryId }')
  await dialog.close()

  // Where the note says: inside the repo, where #mocks/* resolves, run by the repo's Vitest.
  const dir = join(ROOT, '.generated-tests', `copied-vitest-${test.info().workerIndex}-${process.pid}`)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'artefact-mock.test.ts'), text)
  await writeFile(join(dir, 'vitest.config.mjs'), "export default { test: { include: ['*.test.ts'] } }\n")
  const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs')
  const result = await run(
    process.execPath,
    [vitest, 'run', '--root', dir, '--config', join(dir, 'vitest.config.mjs')],
    {
      cwd: dir,
      timeout: 90_000,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => error)
  const output = 'stdout' in result ? `${result.stdout}\n${result.stderr}` : String(result)
  expect(output).toContain('1 passed')
  await rm(dir, { recursive: true, force: true })
})

test('curl names where it goes, and Copy as warns that an artefact made in this page is unknown to the HTTP mode', async ({
  explorerPage,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await explorerPage.chooseOperation('Create an artefact')
  await explorerPage.send()
  await explorerPage.response.getByRole('button', { name: 'GET this artefact' }).click()
  await expect(explorerPage.status).toHaveText('200 OK')
  const id = await explorerPage.idInput.inputValue()

  const quick = explorerPage.response.getByRole('button', {
    name: 'Copy as curl → 127.0.0.1:8787, the HTTP mode',
  })
  await expect(quick).toHaveText('curl → 127.0.0.1:8787')
  await expect(quick).toHaveAttribute('title', /npm run serve/)

  const dialog = await CopyAsDialog.open(page, explorerPage.response.getByRole('button', { name: 'Copy as test' }))
  await dialog.format('curl')
  await expect(dialog.note).toContainText(
    'Sends to the HTTP mode at 127.0.0.1:8787. Start it first: npm run serve in this repo (in an app that installed the package: npx artefact-preview-mock serve).',
  )
  const onlyHere = dialog.root.getByRole('note', { name: 'Only in this browser' })
  await expect(onlyHere).toContainText(`artefact ${id} was created in this page, so another mock answers 404 for it`)
  // And it is so: the HTTP mode started from the data set does not know it.
  await dialog.port.fill(new URL(server.url).port)
  const { stdout } = await run('sh', ['-c', await dialog.copy()])
  expect(stdout).toMatch(/^HTTP\/1\.1 404 /)
  await dialog.format('fetch')
  await dialog.target("This page's mock worker").check()
  await expect(onlyHere).toHaveCount(0)
  await dialog.target('HTTP mode on port').check()
  await dialog.close()

  // The port chosen there is where the one-click curl goes now.
  const port = new URL(server.url).port
  await expect(
    explorerPage.response.getByRole('button', { name: `Copy as curl → 127.0.0.1:${port}, the HTTP mode` }),
  ).toHaveText(`curl → 127.0.0.1:${port}`)
})
