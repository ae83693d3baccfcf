import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.PORT ?? 4293)
const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const launchOptions = existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }
  : {}

process.env.NEXT_TELEMETRY_DISABLED = '1'

export default defineConfig({
  testDir: 'tests',
  // One worker: the build test runs after the dev test, not beside it on CI's two cores.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // next dev compiles the page on its first request.
  expect: { timeout: 30_000 },
  use: { baseURL: `http://localhost:${PORT}`, serviceWorkers: 'allow' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    command: `npx next dev --port ${PORT}`,
    url: `http://localhost:${PORT}`,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    reuseExistingServer: false,
    timeout: 120_000,
  },
})
