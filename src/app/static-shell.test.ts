import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { OPERATIONS } from '#mocks/internal.ts'
import { withFirstScreen } from './static-shell.ts'

const ITEM =
  /<span class="method method--\w+">(\w+)<\/span><span class="operations__title">([^<]+)<\/span>.*?<code class="operations__path"[^>]*>([^<]+)<\/code>/g

test("the built index.html lists the registry's operations, in its order, with method and path", async () => {
  const html = await withFirstScreen(readFileSync('index.html', 'utf8'))

  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script'))
  const listed = [...root.matchAll(ITEM)].map(([, method, title, path]) => ({ method, title, path }))
  expect(listed).toEqual(OPERATIONS.map(({ method, title, path }) => ({ method, title, path })))
  expect(root).toContain('<h1 class="top-bar__title">Artefact Preview Explorer</h1>')
  expect(root).toContain('needs JavaScript')
}, 60_000)

test('refuses an index.html without an empty #root to render into', async () => {
  await expect(withFirstScreen('<body><div id="app"></div></body>')).rejects.toThrow(/no empty <div id="root">/)
})
