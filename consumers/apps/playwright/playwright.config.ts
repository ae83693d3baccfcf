import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.PORT ?? 4292)
const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const launchOptions = existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }
  : {}

export default defineConfig({
  testDir: 'tests',
  retries: 0,
  reporter: [['list']],
  use: { baseURL: `http://localhost:${PORT}`, serviceWorkers: 'allow' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    command: `npx vite --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
})
