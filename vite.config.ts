import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'
import { staticShell } from './src/app/static-shell.ts'

/**
 * The built explorer's Content-Security-Policy: no inline script, no eval (zod runs jitless,
 * see below). Only <style> elements may be inline: CodeMirror writes its theme into one
 * (style-mod) and the text changes as extensions mount, so no hash fits. Style attributes
 * stay blocked: React and CodeMirror set styles through the CSSOM.
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  // The Drift tab sends chosen operations to a real service the user names (decision 060): https anywhere, http on loopback only.
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
  "img-src 'self' data:",
  "style-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
]
// Browsers ignore frame-ancestors in a <meta> policy (Chromium logs an error for it), so only the header carries it.
export const CONTENT_SECURITY_POLICY = [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join('; ')

const JITLESS_ZOD = fileURLToPath(new URL('./src/app/csp-safe-zod.ts', import.meta.url))
const JITLESS_ZOD_MINI = fileURLToPath(new URL('./src/app/csp-safe-zod-mini.ts', import.meta.url))
const REGISTRABLE_DOMAIN = fileURLToPath(new URL('./src/app/registrable-domain.ts', import.meta.url))

/**
 * For the build only (Vite's dev server injects inline scripts): puts the policy into
 * index.html, and resolves `zod` and `zod/mini` to jitless wrappers, so no schema probes `new Function`.
 * It also resolves `tldts` (msw's cookie store, via tough-cookie) to the public-suffix
 * list's default rule: the list is 107 KiB gzip of a first screen of ~300 (decision 039).
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'artefact-explorer:csp',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'zod' && importer !== JITLESS_ZOD) return JITLESS_ZOD
      if (source === 'zod/mini' && importer !== JITLESS_ZOD_MINI) return JITLESS_ZOD_MINI
      if (source === 'tldts') return REGISTRABLE_DOMAIN
      return null
    },
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_DIRECTIVES.join('; ') },
        injectTo: 'head-prepend',
      },
    ],
  }
}

const OPENAPI_JSON = fileURLToPath(new URL('./openapi.json', import.meta.url))

/** The explorer's download, /openapi.json: the one committed openapi.json, served in dev and copied into the build. */
function openApiDocument(): Plugin {
  return {
    name: 'artefact-explorer:openapi',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/openapi.json') return next()
        res.setHeader('Content-Type', 'application/json')
        res.end(readFileSync(OPENAPI_JSON))
      })
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'openapi.json', source: readFileSync(OPENAPI_JSON, 'utf8') })
    },
  }
}

// public/ (with the committed mockServiceWorker.js) is Vite's default publicDir,
// so the worker is served at /mockServiceWorker.js in dev, preview and dist/.
export default defineConfig({
  plugins: [react(), contentSecurityPolicy(), staticShell(), openApiDocument()],
  // No SPA fallback: a request the worker lets through gets the server's honest 404, not index.html.
  appType: 'mpa',
  server: {
    port: 5173,
    strictPort: true,
    // The dev server injects inline scripts, so only the framing part of the policy applies here.
    headers: { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY' },
    // Playwright's `dev` project sets E2E_DEV_SERVER: an edit, or a build into .e2e-dist, during
    // its run would otherwise reload the pages under test.
    watch: process.env.E2E_DEV_SERVER ? null : undefined,
  },
  // The preview serves the build as a host would: the policy as a header too (frame-ancestors included).
  preview: { port: 4173, strictPort: true, headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } },
  build: {
    // Beside the package build in dist/mocks, dist/cli and dist/panel, which emptyOutDir would wipe.
    outDir: 'dist/explorer',
    sourcemap: true,
    // msw (with its cookie and domain parsers) and React alone are ~620 kB: a local devtool, not a site.
    chunkSizeWarningLimit: 1024,
  },
  test: {
    include: [
      'mocks/**/*.test.ts',
      'cli/**/*.test.ts',
      'openapi/**/*.test.ts',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'bench/**/*.test.ts',
      'consumers/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: [...configDefaults.exclude, 'e2e/**'],
    environment: 'node',
    // Property tests run thousands of cases; on a loaded 2-core machine 5 s is too tight.
    testTimeout: 30_000,
  },
})
