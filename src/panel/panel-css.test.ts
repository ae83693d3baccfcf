import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { scopeTokens } from './panel-css.ts'

// The panel ships tokens.css under .apm-root; a token declared again anywhere else drifts
// (it did: buttons were 28 px in the explorer and 26 px in the panel).
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')
const TOKENS = read('../styles/tokens.css')
/** Every stylesheet the panel's text is built from, besides the tokens (as panel-css.ts lists them). */
const SHIPPED = [
  './panel.css',
  '../components/panel-heading.css',
  '../components/middle-ellipsis.css',
  '../features/network-log/network-log.css',
  '../features/snippets/copy-as.css',
  '../features/mock-controls/mock-controls.css',
  '../features/scenarios/scenarios.css',
  '../features/real-service/drift.css',
]
const declared = (css: string) => new Set([...css.matchAll(/(--[a-z0-9-]+)\s*:/g)].map((match) => match[1]))
const used = (css: string) => new Set([...css.matchAll(/var\(\s*(--[a-z0-9-]+)/g)].map((match) => match[1]))

test('no stylesheet the panel ships declares a token of tokens.css again', () => {
  const tokens = declared(TOKENS)
  const again = SHIPPED.flatMap((path) =>
    [...declared(read(path))].filter((name) => tokens.has(name)).map((name) => `${path} ${name}`),
  )
  expect(again).toEqual([])
})

test('every token the panel reads is declared in tokens.css', () => {
  const tokens = declared(TOKENS)
  const missing = SHIPPED.flatMap((path) =>
    [...used(read(path))].filter((name) => !tokens.has(name)).map((name) => `${path} ${name}`),
  )
  expect(missing).toEqual([])
})

test("the panel declares the tokens on its own root, never on the host page's :root", () => {
  const scoped = scopeTokens(TOKENS)
  expect(scoped).not.toContain(':root')
  expect(scoped).toMatch(/^\.apm-root \{$/m)
  expect(declared(scoped)).toEqual(declared(TOKENS))
})
