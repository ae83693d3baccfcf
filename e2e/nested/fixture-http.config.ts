/**
 * The nested run of e2e/playwright-fixture-http.spec.ts: the package's fixture as a user's
 * suite runs it, two workers at once against one HTTP-mode server. Not run on its own: the
 * outer spec starts the server and passes MOCK_SERVER, BARRIER_DIR and the explorer's BASE_URL.
 */
import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

export default defineConfig({
  testDir: '.',
  testMatch: '*.nested.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['json', { outputFile: process.env.REPORT ?? 'report.json' }]],
  outputDir: process.env.OUTPUT_DIR ?? 'results',
  use: {
    baseURL: process.env.BASE_URL,
    serviceWorkers: 'allow',
    ...(existsSync(SYSTEM_CHROMIUM) && {
      launchOptions: { executablePath: SYSTEM_CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] },
    }),
  },
})
