import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'vite'
import { projectGetBytes } from '../lib/project-bytes.ts'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The bench page, one production build for both modes: `vite build --config bench/browser/vite.config.ts`. */
export default defineConfig(
  async (): Promise<UserConfig> => ({
    root: here('.'),
    // The committed worker, served at the root as in the explorer.
    publicDir: here('../../public'),
    appType: 'mpa',
    logLevel: 'warn',
    // The bare handler answers the project's exact bytes (the self link's origin: port 4280, BENCH_PORT's default).
    define: { __BENCH_GET_BYTES__: JSON.stringify(await projectGetBytes('http://127.0.0.1:4280')) },
    build: { outDir: here('../.dist/browser'), emptyOutDir: true, target: 'es2023', chunkSizeWarningLimit: 2048 },
  }),
)
