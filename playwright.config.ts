import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

// E2E_PORT lets several runs (or a running preview) coexist on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4173)
const BASE_URL = `http://localhost:${PORT}`
// The dev server (React StrictMode, effects run twice) for the `dev` project, beside the preview.
const DEV_PORT = PORT + 100
const DEV_URL = `http://localhost:${DEV_PORT}`
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
    {
      // The journeys StrictMode has broken before (dialogs, drafts, the log), the Scenarios tab (its
      // focus moves in an effect) and the Drift tab (its handler is added once per worker), on `vite`
      // as `npm run dev` serves them.
      name: 'dev',
      testMatch: [
        'snippets.spec.ts',
        'builder-drafts.spec.ts',
        'network-log-history.spec.ts',
        'scenarios-tab.spec.ts',
        'drift.spec.ts',
      ],
      // The nested run checks the generated tests, not the page: the chromium project runs it.
      grepInvert: /@nested-run/,
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: DEV_URL },
    },
  ],
  webServer: [
    {
      // e2e tests the production build, the way the mock ships.
      command: `vite build --outDir .e2e-dist/${PORT} --emptyOutDir && vite preview --outDir .e2e-dist/${PORT} --strictPort --port ${PORT}`,
      url: BASE_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      command: `vite --strictPort --port ${DEV_PORT}`,
      env: { E2E_DEV_SERVER: '1' },
      url: DEV_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})
