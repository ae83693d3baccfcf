import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// msw 3 no longer copies the worker on install, so the committed copy can go stale.
const installedPath = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')
const committedPath = fileURLToPath(new URL('../../public/mockServiceWorker.js', import.meta.url))
const FIX = 'public/mockServiceWorker.js is missing or stale: run `npm run worker:update` and commit it'

const readCommitted = () => (existsSync(committedPath) ? readFileSync(committedPath) : Buffer.alloc(0))
const packageVersion = (source: string) => /const PACKAGE_VERSION = '([^']+)'/.exec(source)?.[1]

test('public/mockServiceWorker.js carries the installed msw version', () => {
  const installed = packageVersion(readFileSync(installedPath, 'utf8'))
  expect(installed, 'no PACKAGE_VERSION in the installed msw worker').toBeDefined()
  expect(packageVersion(readCommitted().toString('utf8')), FIX).toBe(installed)
})

test('public/mockServiceWorker.js equals the installed msw copy byte for byte', () => {
  expect(readCommitted().equals(readFileSync(installedPath)), FIX).toBe(true)
})
