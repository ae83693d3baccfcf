import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** A fake real service: `node cli/test-fake-upstream.ts` on a free 127.0.0.1 port, and how to stop it. */
export interface RunningUpstream {
  url: string
  stop(): void
}

/**
 * Starts the fake upstream (the mock itself, with seeded drift) as a test would start a
 * staging service: `cors` makes it allow any page's origin, as a service a browser may call must.
 */
export async function startUpstream({ drift = [], cors = true }: { drift?: string[]; cors?: boolean } = {}) {
  const args = ['cli/test-fake-upstream.ts', '--port', '0', ...(drift.length ? ['--drift', drift.join(',')] : [])]
  const child: ChildProcess = spawn(process.execPath, [...args, ...(cors ? ['--cors'] : [])], {
    cwd: ROOT,
    stdio: 'pipe',
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const found = /fake upstream at (http:\/\/\S+)/.exec(output)?.[1]
      if (found) resolve(found)
    })
    child.on('exit', (code) => reject(new Error(`the fake upstream exited ${code} before listening:\n${output}`)))
  })
  return { url, stop: () => child.kill('SIGTERM') } satisfies RunningUpstream
}
