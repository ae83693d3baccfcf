import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * `./panel` of the package: src/panel/index.tsx as one ESM file in dist/panel/, by Vite's
 * library mode (JSX, and the `?inline` CSS the panel injects itself). Every package is
 * external; modules of mocks/ are imported from the package's own dist/mocks/ (built by
 * tsconfig.lib.json), so the panel shares them with `./browser` instead of copying them.
 * The rest of the package is built by `tsc -p tsconfig.lib.json` (scripts/build-lib.ts).
 */
const root = dirname(fileURLToPath(import.meta.url))
const mocksDir = resolve(root, 'mocks')
const outDir = resolve(root, 'dist/panel')

function mocksFromDist(): Plugin {
  return {
    name: 'artefact-mock:mocks-from-dist',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !(source.startsWith('.') || source.startsWith('#mocks/'))) return null
      const target = source.startsWith('#mocks/')
        ? resolve(mocksDir, source.slice('#mocks/'.length))
        : resolve(dirname(importer), source)
      if (!target.startsWith(`${mocksDir}/`)) return null
      const built = relative(outDir, resolve(root, 'dist', relative(root, target))).replace(/\.tsx?$/, '.js')
      return { id: built.startsWith('.') ? built : `./${built}`, external: true }
    },
  }
}

/** The host's bundler decides what `import.meta.env.PROD` is, not this build (see is-production.ts). */
function keepHostEnv(): Plugin {
  const marker = 'import.meta.__artefactMockHostEnv'
  return {
    name: 'artefact-mock:keep-host-env',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(resolve(root, 'src')) || !code.includes('import.meta.env')) return null
      return { code: code.replaceAll('import.meta.env', marker), map: null }
    },
    renderChunk(code) {
      return code.includes(marker) ? { code: code.replaceAll(marker, 'import.meta.env'), map: null } : null
    },
  }
}

export default defineConfig({
  plugins: [mocksFromDist(), keepHostEnv(), react()],
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: resolve(root, 'src/panel/index.tsx'),
      formats: ['es'],
      fileName: () => 'index.js',
    },
    rolldownOptions: {
      // Bare specifiers (react, react-dom, msw, zod, ...) are the host's to resolve; the virtual
      // list (about 5 kB gzip) is bundled, so the package adds no dependency that would pull in
      // React (its peer) for apps that never use the panel.
      external: (id) =>
        !id.startsWith('.') &&
        !id.startsWith('/') &&
        !id.startsWith('\0') &&
        !id.startsWith('#') &&
        !id.startsWith('@tanstack/react-virtual') &&
        !id.startsWith('@tanstack/virtual-core'),
    },
  },
})
