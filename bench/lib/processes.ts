/** Servers the bench starts and stops itself: spawned by id, stopped by id, 127.0.0.1 only. */
import { type ChildProcess, spawn } from 'node:child_process'

export interface Served {
  url: string
  stop(): Promise<void>
}

const started = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGTERM')
})

/** Spawns `command`, waits until `readyUrl` answers (any status), returns a handle that stops it. */
export async function startServer(
  name: string,
  command: string,
  args: string[],
  readyUrl: string,
  timeoutMs = 60_000,
): Promise<Served> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  started.add(child)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000)
  })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`[bench] ${name} exited with ${child.exitCode}: ${stderr}`)
    try {
      await fetch(readyUrl, { signal: AbortSignal.timeout(2000) })
      break
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGTERM')
        throw new Error(`[bench] ${name} did not answer at ${readyUrl} within ${timeoutMs} ms: ${stderr}`)
      }
      await new Promise((r) => setTimeout(r, 150))
    }
  }
  return {
    url: new URL(readyUrl).origin,
    stop: () =>
      new Promise<void>((resolve) => {
        started.delete(child)
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** `vite preview` of a built directory on 127.0.0.1:`port`. */
export const preview = (dir: string, port: number) =>
  startServer(
    `vite preview ${dir}`,
    'node_modules/.bin/vite',
    [
      'preview',
      '--config',
      'bench/lib/preview.config.ts',
      '--outDir',
      dir,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    `http://127.0.0.1:${port}/`,
  )
