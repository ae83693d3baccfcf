import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// The folders of mocks/, lowest first: a module imports only from its own folder or a lower one.
const LAYERS = [
  'schemas',
  'artefact',
  'data',
  'store',
  'control',
  'contract',
  'operations',
  'drift',
  'handlers',
] as const
const PUBLIC_ENTRIES = ['index.ts', 'browser.ts', 'node.ts', 'playwright.ts', 'internal.ts']

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const mocksDir = join(root, 'mocks')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file)

/** Every module a file names in an import, export or dynamic import, as a path from the repo's root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] as string)
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith('#mocks/')) return [join('mocks', specifier.slice('#mocks/'.length))]
    if (specifier.startsWith('.')) return [relative(root, resolve(dirname(file), specifier))]
    return []
  })
}

const layerOf = (path: string) => {
  const [top, folder] = path.split('/')
  return top === 'mocks' ? LAYERS.indexOf(folder as (typeof LAYERS)[number]) : -1
}

test('every folder of mocks/ imports only its own folder or a lower layer', () => {
  const upward: string[] = []
  for (const file of sourceFiles(mocksDir).filter((f) => !isTest(f))) {
    const from = relative(root, file)
    const fromLayer = layerOf(from)
    if (fromLayer < 0) continue
    for (const target of importsOf(file)) {
      if (target.startsWith('mocks/testing/') && !from.startsWith('mocks/testing/')) upward.push(`${from} -> ${target}`)
      const toLayer = layerOf(target)
      if (toLayer > fromLayer || (target.startsWith('mocks/') && toLayer < 0 && !target.startsWith('mocks/testing/')))
        upward.push(`${from} -> ${target}`)
    }
  }
  expect(upward).toEqual([])
})

test('src/ and cli/ reach mocks/ only through its public entries and mocks/internal.ts', () => {
  const deep: string[] = []
  for (const dir of ['src', 'cli']) {
    for (const file of sourceFiles(join(root, dir))) {
      for (const target of importsOf(file)) {
        if (!target.startsWith('mocks/')) continue
        const entry = target.slice('mocks/'.length)
        if (PUBLIC_ENTRIES.includes(entry)) continue
        if (isTest(file) && entry.startsWith('testing/')) continue
        deep.push(`${relative(root, file)} -> ${target}`)
      }
    }
  }
  expect(deep).toEqual([])
})

test('no module of mocks/ assigns to a global', () => {
  const assigning = sourceFiles(mocksDir)
    .filter((file) => !isTest(file))
    .filter((file) => /globalThis\.\w+\s*=[^=]|globalThis\[[^\]]+\]\s*=[^=]/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
  expect(assigning).toEqual([])
})
