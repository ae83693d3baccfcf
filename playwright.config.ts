import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

// E2E_PORT lets several runs (or a running preview) coexist on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4173)
const BASE_URL = `http://localhost:${PORT}`
// Debian's Chromium where it is installed (CI, this machine); elsewhere Playwright's own
// browser, after a one-time `npx playwright install chromium`.
const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const launchOptions = existsSync(SYSTEM_CHROMIUM)
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    }
  : {}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI only: a test that passes on its retry is listed as "flaky" in the output,
  // a defect to fix (CI is one run that decides whether anything lands). Never locally.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // 'block' makes worker.start() reject, and the mock lives in the service worker.
    serviceWorkers: 'allow',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: {
    // e2e tests the production build, the way the mock ships.
    command: `vite build --outDir .e2e-dist/${PORT} --emptyOutDir && vite preview --outDir .e2e-dist/${PORT} --strictPort --port ${PORT}`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
})
