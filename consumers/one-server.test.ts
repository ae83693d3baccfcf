/**
 * Issue 37 point 9: the docs must not invite two msw servers in one test process. A guide
 * starts the server in a setup file the runner loads (Vitest `setupFiles`, Jest
 * `setupFilesAfterEnv`); a test file imports it and never calls `setupServer` itself.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { parseDocBlocks, readDocBlocks } from './doc-blocks.ts'

const DOCS = [
  'README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && !file.startsWith('decisions'))
    .map((file) => join('docs', file)),
]
const isTestFile = (title: string) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(title)

test('no test file in the docs starts an msw server of its own', () => {
  const starting = DOCS.flatMap((doc) =>
    readDocBlocks(doc)
      .filter((block) => block.title !== null && isTestFile(block.title) && /\bsetupServer\(/.test(block.code))
      .map((block) => `${doc}:${block.line} ${block.title}`),
  )
  expect(starting).toEqual([])
})

test('the README, the Node guide and the clients guide write the same setup file and Vitest config', () => {
  const blocks = (doc: string) =>
    new Map(readDocBlocks(doc).flatMap((block) => (block.title ? [[block.title, block.code] as const] : [])))
  const readme = blocks('README.md')
  for (const title of ['test/setup.ts', 'vitest.config.ts']) {
    expect(readme.get(title), title).toBeDefined()
    for (const doc of ['docs/setup/node.md', 'docs/setup/clients.md'])
      expect(blocks(doc).get(title), `${doc}: ${title}`).toBe(readme.get(title))
  }
})

test('the check finds a server started in a test file', () => {
  const markdown = ['```ts title="test/a.test.ts"', 'const server = setupServer(...handlers)', '```', ''].join('\n')
  const [block] = parseDocBlocks(markdown)
  expect(block && isTestFile(block.title ?? '') && /\bsetupServer\(/.test(block.code)).toBe(true)
})
