// msw 3 copies no worker on install: serve the installed msw's own copy from public/.
import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'

const source = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')
mkdirSync('public', { recursive: true })
copyFileSync(source, 'public/mockServiceWorker.js')
