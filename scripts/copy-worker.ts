// Copies msw's service worker script into public/ (msw 3 no longer does it on install).
// Run with `npm run worker:update` after upgrading msw; mocks/handlers/worker-file.test.ts checks the copy.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const source = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')
const target = fileURLToPath(new URL('../public/mockServiceWorker.js', import.meta.url))

mkdirSync(fileURLToPath(new URL('../public/', import.meta.url)), { recursive: true })
copyFileSync(source, target)

const version = /const PACKAGE_VERSION = '([^']+)'/.exec(readFileSync(target, 'utf8'))?.[1]
process.stdout.write(`[artefact-mock] public/mockServiceWorker.js now matches msw ${version ?? '(unknown version)'}\n`)
