/**
 * Every `npm run <script>` that the README, the project's own docs and the benchmark notes tell a
 * developer to type names a script of this package. The setup guides are left out: their commands
 * run in the consumer's app, and the consumer tests run those guides' code blocks.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '..')
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }

const files = [
  'README.md',
  'bench/RESULTS.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]
const commands = files.flatMap((file) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/npm run ([\w:-]+)/g)].map((m) => [file, m[1]!] as const),
)

test('the docs name scripts to check', () => {
  expect(new Set(commands.map(([, name]) => name)).size).toBeGreaterThan(10)
})

test.each([...new Map(commands.map((c) => [c.join(' '), c])).values()])('%s: npm run %s is a script', (_, name) => {
  expect(Object.keys(scripts)).toContain(name)
})
