import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

// Marks of the mock's own code (the package's dist and msw/browser). The API path is no
// mark: the page fetches it in production too.
const MOCK_MARKS = [
  'startMockWorker',
  '__ARTEFACT_MOCK__',
  'X-Mock-Reason',
  'Out of call volume quota',
  'mockServiceWorker',
  '/resources/artefactcategory',
  'Mocking enabled',
]

test('next build: the client bundles hold none of the mock', () => {
  test.setTimeout(300_000)
  execFileSync('npx', ['next', 'build'], { stdio: 'pipe', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } })
  const built = filesUnder(join('.next', 'static'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
  // The page's own code is there: the check looks at the right files.
  expect(built.some(({ text }) => text.includes('/v3/preview-upcoming/resources/artefact/'))).toBe(true)
  for (const mark of MOCK_MARKS) {
    expect(built.filter(({ text }) => text.includes(mark)).map(({ file }) => file), mark).toEqual([])
  }
})
