import { execFileSync } from 'node:child_process'
import { copyFileSync, rmSync } from 'node:fs'
import { BENCH_DIR, BENCH_MODES } from './vite.config.ts'

/** Builds the bench page once per mode into `bench/.dist/browser/<mode>/`, with the committed worker at the root. */
export function buildBenchPages(): void {
  rmSync(BENCH_DIR, { recursive: true, force: true })
  for (const mode of BENCH_MODES)
    execFileSync(
      'node_modules/.bin/vite',
      ['build', '--logLevel', 'warn', '--config', 'bench/browser/vite.config.ts', '--mode', mode],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    )
  copyFileSync('public/mockServiceWorker.js', `${BENCH_DIR}/mockServiceWorker.js`)
}
