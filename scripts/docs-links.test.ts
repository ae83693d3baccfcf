/**
 * Every relative link in the README and docs/ points at a file that exists, and every
 * `#anchor` at a heading of that file (GitHub's slugs), so the docs cannot rot quietly.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { expect, test } from 'vitest'
import { slug } from '../consumers/doc-blocks.ts'

const root = resolve(import.meta.dirname, '..')

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFiles(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [join(dir, entry.name)]
        : [],
  )
}

function withoutCode(markdown: string): string {
  return markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '')
}

function anchorsOf(file: string): Set<string> {
  const headings = withoutCode(readFileSync(file, 'utf8')).match(/^#{1,6} .+$/gm) ?? []
  return new Set(headings.map((line) => slug(line.replace(/^#+ /, ''))))
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs')), join(root, 'bench/RESULTS.md')].filter(
  (file) => existsSync(file),
)
const links = files.flatMap((file) =>
  [...withoutCode(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => ({ file, target })),
)

test('the docs have links to check', () => {
  expect(links.length).toBeGreaterThan(20)
})

test.each(links.map(({ file, target }) => [relative(root, file), target] as const))('%s links %s', (from, target) => {
  const [path = '', anchor] = target.split('#')
  const file = path === '' ? join(root, from) : resolve(dirname(join(root, from)), decodeURI(path))
  expect(existsSync(file), `${target} from ${from}: no such file`).toBe(true)
  if (anchor && statSync(file).isFile() && file.endsWith('.md')) {
    expect([...anchorsOf(file)], `${target} from ${from}: no such heading`).toContain(anchor)
  }
})
