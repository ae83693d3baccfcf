import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.PORT ?? 6007)
const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const launchOptions = existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }
  : {}

// Runs against the built Storybook (`npm run build-storybook`), served as static files.
export default defineConfig({
  testDir: 'tests',
  retries: 0,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${PORT}`, serviceWorkers: 'allow' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    command: `node scripts/serve-static.js ${PORT}`,
    url: `http://127.0.0.1:${PORT}/iframe.html`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
