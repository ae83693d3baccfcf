import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import base from './vite.config.ts'

/**
 * The Node suite (mocks/, cli/) again under msw 2 (installed as `msw2`): `msw`, `msw/*`
 * resolve to msw 2.15, so the same handlers pass the same tests under both majors.
 * `npm run test:msw2`; mocks/handlers/msw-major.test.ts proves which major ran.
 */
export default defineConfig({
  ...base,
  resolve: {
    alias: [
      { find: /^msw\/node$/, replacement: fileURLToPath(new URL('./vitest.msw2.node.ts', import.meta.url)) },
      { find: /^msw(\/.*)?$/, replacement: 'msw2$1' },
    ],
  },
  test: {
    ...base.test,
    include: ['mocks/**/*.test.ts', 'cli/**/*.test.ts'],
    // The committed worker file is msw 3's; it is checked against msw 3 in the main run.
    exclude: [...configDefaults.exclude, 'mocks/handlers/worker-file.test.ts'],
    env: { MSW_MAJOR: '2' },
  },
})
