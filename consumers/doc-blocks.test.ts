import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { commandsOf, parseDocBlocks, readDocBlocks, rewriteInstall } from './doc-blocks.ts'

const TARBALL = '/tmp/x/artefact-preview-mock-0.1.0.tgz'

describe('parseDocBlocks', () => {
  test('reads the file, merge and run attributes of each fence', () => {
    const blocks = parseDocBlocks(
      [
        '# Guide',
        '```sh run',
        'npm install -D artefact-preview-mock msw',
        '```',
        'prose',
        '```ts title="src/a.test.ts"',
        "import { x } from 'y'",
        '```',
        '```json title="package.json" merge',
        '{ "scripts": {} }',
        '```',
        '```ts',
        'not run',
        '```',
      ].join('\n'),
    )
    expect(blocks.map(({ lang, title, merge, run, line }) => ({ lang, title, merge, run, line }))).toStrictEqual([
      { lang: 'sh', title: null, merge: false, run: true, line: 2 },
      { lang: 'ts', title: 'src/a.test.ts', merge: false, run: false, line: 6 },
      { lang: 'json', title: 'package.json', merge: true, run: false, line: 9 },
      { lang: 'ts', title: null, merge: false, run: false, line: 12 },
    ])
    expect(blocks[1]?.code).toBe("import { x } from 'y'\n")
  })

  test('names the section each block is under, by its heading anchor', () => {
    const blocks = parseDocBlocks(
      [
        '```sh',
        'a',
        '```',
        '## In Node tests',
        '```ts',
        '## not a heading',
        '```',
        '## The `X-Mock` header',
        '```ts',
        'c',
        '```',
      ].join('\n'),
    )
    expect(blocks.map((block) => block.section)).toStrictEqual([null, 'in-node-tests', 'the-x-mock-header'])
  })

  test('keeps a shorter fence inside a longer one', () => {
    const [block] = parseDocBlocks('````md title="a.md"\n```ts\nx\n```\n````\n')
    expect(block?.code).toBe('```ts\nx\n```\n')
  })

  test('refuses a block that is never closed', () => {
    expect(() => parseDocBlocks('```ts run\nx\n')).toThrow(/line 1/)
  })
})

describe('commandsOf', () => {
  test('drops comments and blank lines and joins continued lines', () => {
    const [block] = parseDocBlocks('```sh run\n# install\nnpm install -D \\\n  msw\n\nnpx msw init public\n```\n')
    expect(commandsOf(block!)).toStrictEqual(['npm install -D msw', 'npx msw init public'])
  })
})

describe('rewriteInstall', () => {
  test('installs the tarball in place of the package name', () => {
    expect(rewriteInstall('npm install -D artefact-preview-mock msw', TARBALL)).toBe(`npm install -D ${TARBALL} msw`)
  })

  test('pins the packages a variant names, scoped ones included', () => {
    const pins = { msw: 'msw@~2.15.0', '@types/react': '@types/react@^18' }
    expect(rewriteInstall('npm i msw @types/react react', TARBALL, pins)).toBe(
      'npm i msw@~2.15.0 @types/react@^18 react',
    )
  })

  test('leaves every other command alone', () => {
    expect(rewriteInstall('npx artefact-preview-mock serve', TARBALL)).toBe('npx artefact-preview-mock serve')
  })
})

describe('the guides', () => {
  const root = join(import.meta.dirname, '..')
  const guides = readdirSync(join(root, 'docs/setup')).filter((name) => name.endsWith('.md'))
  const run = new Set(
    readdirSync(join(root, 'consumers/apps'))
      .map((app) => join(root, 'consumers/apps', app, 'consumer.json'))
      .filter((file) => existsSync(file))
      .flatMap((file) => [(JSON.parse(readFileSync(file, 'utf8')) as { doc?: string | string[] }).doc ?? []].flat()),
  )

  test.each(guides)('docs/setup/%s is run by a consumer app', (guide) => {
    expect(run).toContain(`docs/setup/${guide}`)
  })

  test('the README is run by a consumer app', () => {
    expect(run).toContain('README.md')
  })

  const sections = [...run].filter((doc) => doc.includes('#'))
  test.each(sections)('%s names a section with blocks to run', (doc) => {
    expect(readDocBlocks(join(root, doc)).filter((block) => block.title || block.run)).not.toEqual([])
  })

  test('every block of docs/scenarios.md that writes a file or runs is run by a consumer app', () => {
    const blocks = readDocBlocks(join(root, 'docs/scenarios.md')).filter((block) => block.title || block.run)
    const notRun = blocks.filter((block) => !run.has(`docs/scenarios.md#${block.section}`))
    expect(notRun.map((block) => `line ${block.line}`)).toEqual([])
  })
})
