import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'vite'
import { projectGetBytes } from '../lib/project-bytes.ts'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The bench page's modes; each is its own build (see below). */
export const BENCH_MODES = ['bare', 'memory', 'project', 'durable'] as const
export type BenchMode = (typeof BENCH_MODES)[number]
/** Where the builds go: `<mode>/` each, and the committed worker at the root (`buildBenchPages`). */
export const BENCH_DIR = here('../.dist/browser')

/**
 * The bench page for one mode, a production build of its own at `/<mode>/`:
 * `vite build --config bench/browser/vite.config.ts --mode <mode>`. One build per mode, as an
 * app holds one mock: a build of all four would share chunks between them, and the modes that
 * share more would load more, smaller chunks (each one a request through the worker on a reload).
 */
export default defineConfig(async ({ mode }): Promise<UserConfig> => {
  if (!(BENCH_MODES as readonly string[]).includes(mode))
    throw new Error(`[bench] --mode must be one of ${BENCH_MODES.join(', ')}, not ${mode}`)
  return {
    root: here('.'),
    base: `/${mode}/`,
    // The committed worker is copied to the root once for all modes (it registers at /mockServiceWorker.js).
    publicDir: false,
    appType: 'mpa',
    logLevel: 'warn',
    define: {
      __BENCH_MODE__: JSON.stringify(mode),
      // The bare handler answers the project's exact bytes (the self link's origin: port 4280, BENCH_PORT's default).
      __BENCH_GET_BYTES__: JSON.stringify(await projectGetBytes('http://127.0.0.1:4280')),
    },
    build: { outDir: `${BENCH_DIR}/${mode}`, emptyOutDir: true, target: 'es2023', chunkSizeWarningLimit: 2048 },
  }
})
