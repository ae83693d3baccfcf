/**
 * Copy as test, Vitest: the generated file for every exchange of the request matrix and of
 * a session (controls set, a category made and an artefact created in it, read back, its name
 * asked again) is written out and run by Vitest. Under msw 3 the files import this repo's
 * source (`#mocks/index.ts`, as the explorer writes them for a clone: no build); under msw 2
 * they import `artefact-preview-mock`, resolved to mocks/index.ts. Every test passes.
 * The Playwright files are run the same way by e2e/snippets.spec.ts, against the explorer.
 */
import { execFile } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { explorerExchange, REQUEST_MATRIX, sessionExchanges } from './request-matrix.ts'
import { toVitestTest } from './vitest-test.ts'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
// Inside the repo (git-ignored), so the files resolve msw and vitest from its node_modules.
const BASE_DIR = join(ROOT, '.generated-tests', `vitest-${process.pid}`)

afterAll(() => rm(BASE_DIR, { recursive: true, force: true }))

// msw 2 runs as the repo's `msw2` package, as in vitest.msw2.config.ts.
const MSW_ALIASES = {
  3: '',
  2: `{ find: /^msw(\\/.*)?$/, replacement: 'msw2$1' },`,
}
// Where the files import the mock from: both ways the dialog writes them are run.
const IMPORTS = { 3: 'repo', 2: 'package' } as const

test.each([3, 2] as const)(
  'every generated Vitest test runs and passes against the package handlers under msw %i',
  async (major) => {
    const DIR = join(BASE_DIR, `msw${major}`)
    const exchanges = [
      ...(await Promise.all(REQUEST_MATRIX.map(([, request]) => explorerExchange(request)))),
      ...(await sessionExchanges()),
    ]
    await mkdir(DIR, { recursive: true })
    await Promise.all(
      exchanges.map((exchange, index) =>
        writeFile(join(DIR, `case-${index}.test.ts`), toVitestTest(exchange, { imports: IMPORTS[major] })!),
      ),
    )
    const config = `export default {
  resolve: { alias: [${MSW_ALIASES[major]} { find: 'artefact-preview-mock', replacement: ${JSON.stringify(join(ROOT, 'mocks/index.ts'))} }] },
  test: { include: ['*.test.ts'], environment: 'node' },
}
`
    await writeFile(join(DIR, 'vitest.config.mjs'), config)
    // Proves which msw the generated tests ran with.
    await writeFile(
      join(DIR, 'msw-major.test.ts'),
      `import { version } from 'msw/package.json'\nimport { expect, test } from 'vitest'\ntest('runs msw ${major}', () => expect(version).toMatch(/^${major}\\./))\n`,
    )
    const report = join(DIR, 'report.json')
    const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs')
    await run(
      process.execPath,
      [
        vitest,
        'run',
        '--root',
        DIR,
        '--config',
        join(DIR, 'vitest.config.mjs'),
        '--reporter=json',
        `--outputFile=${report}`,
      ],
      {
        cwd: DIR,
        timeout: 120_000,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the generated tests failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`)
    })
    const result = JSON.parse(await readFile(report, 'utf8')) as { numTotalTests: number; numPassedTests: number }
    expect(result).toMatchObject({ numTotalTests: exchanges.length + 1, numPassedTests: exchanges.length + 1 })
    const generated = await readFile(join(DIR, 'case-0.test.ts'), 'utf8')
    expect(generated).toContain(major === 3 ? "from '#mocks/index.ts'" : "from 'artefact-preview-mock'")
    if (major === 2) expect(generated).toContain("onUnhandledRequest: 'error'")
  },
  180_000,
)
