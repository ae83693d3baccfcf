import { defineConfig } from 'vitest/config'

// No msw setup file: an msw server in the process would answer the fetches meant for the HTTP mode.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
})
