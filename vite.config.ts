import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'

// public/ (with the committed mockServiceWorker.js) is Vite's default publicDir,
// so the worker is served at /mockServiceWorker.js in dev, preview and dist/.
export default defineConfig({
  plugins: [react()],
  // No SPA fallback: a request the worker lets through gets the server's honest 404, not index.html.
  appType: 'mpa',
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  build: {
    sourcemap: true,
    // msw (with its cookie and domain parsers) and React alone are ~620 kB: a local devtool, not a site.
    chunkSizeWarningLimit: 1024,
  },
  test: {
    include: ['mocks/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'e2e/**'],
    environment: 'node',
  },
})
