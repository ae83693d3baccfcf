import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const DEV_PORT = 4297
const PREVIEW_PORT = 4298
const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const launchOptions = existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }
  : {}

export default defineConfig({
  testDir: 'tests',
  retries: 0,
  reporter: [['list']],
  use: { ...devices['Desktop Chrome'], launchOptions, serviceWorkers: 'allow' },
  projects: [
    // `vite`: the guide's main.ts starts the worker and mounts the mock's controls.
    { name: 'dev', testMatch: 'dev.spec.ts', use: { baseURL: `http://localhost:${DEV_PORT}` } },
    // `vite preview` of what `npm test` built first: the app alone.
    { name: 'production', testMatch: 'production.spec.ts', use: { baseURL: `http://localhost:${PREVIEW_PORT}` } },
  ],
  webServer: [
    { command: `npx vite --port ${DEV_PORT} --strictPort`, url: `http://localhost:${DEV_PORT}`, timeout: 120_000 },
    { command: `npx vite preview --port ${PREVIEW_PORT} --strictPort`, url: `http://localhost:${PREVIEW_PORT}`, timeout: 120_000 },
  ],
})
