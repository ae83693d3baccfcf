import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

// The mock's own marks. The API path itself is no mark: the app calls that API in production too.
const MOCK_MARKS = ['mockServiceWorker', '__ARTEFACT_MOCK__', 'X-Mock-Reason', 'Northwind Notes', 'apm-root', 'Mocking enabled']

test('the production build holds none of the mock', () => {
  execFileSync('npx', ['vite', 'build', '--outDir', 'dist-prod', '--emptyOutDir'], { stdio: 'pipe' })
  // The app's own output; public/'s copy of the worker script is an inert static file, never registered.
  const built = filesUnder('dist-prod')
    .filter((file) => !file.endsWith('mockServiceWorker.js'))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
  expect(built.some(({ file }) => file.endsWith('.js'))).toBe(true)
  for (const needle of MOCK_MARKS) {
    expect(built.filter(({ text }) => text.includes(needle)).map(({ file }) => file), needle).toEqual([])
  }
})
