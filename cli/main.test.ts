import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
const ARTEFACT = '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'
const running = new Set<ChildProcess>()

interface Cli {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<number | null>
}

function cli(...args: string[]): Cli {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk))
  const exit = once(child, 'exit').then(([code]) => {
    running.delete(child)
    return code as number | null
  })
  return { child, stdout: () => stdout, stderr: () => stderr, exit }
}

/** Starts `serve` and waits for the address it prints. */
async function serve(...args: string[]): Promise<Cli & { url: string }> {
  const started = cli('serve', '--port', '0', ...args)
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const found = /listening on (http:\/\/\S+)/.exec(started.stdout())
      if (found?.[1]) resolve(found[1])
    }
    started.child.stdout?.on('data', look)
    started.exit.then((code) => reject(new Error(`exited ${code} before listening: ${started.stderr()}`)))
  })
  return { ...started, url }
}

afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
})

// Each test spawns Node processes; a loaded machine needs more than the default 5 s.
describe('artefact-preview-mock serve', { timeout: 30_000 }, () => {
  test('serves the mock on a free port, prints the admin paths, and exits 0 on SIGTERM', async () => {
    const server = await serve()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.stdout()).toContain('/__mock/state')
    const res = await fetch(`${server.url}${ARTEFACT}`)
    expect(res.status).toBe(200)
    expect((await res.json()).title).toBe('Reset your password')
    server.child.kill('SIGTERM')
    expect(await server.exit).toBe(0)
  })

  test('exits 0 on SIGINT too', async () => {
    const server = await serve()
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
  })

  test('applies its flags: maintenance, quota, rate and latency', async () => {
    const down = await serve('--maintenance')
    const res = await fetch(`${down.url}${ARTEFACT}`)
    expect([res.status, res.headers.get('Retry-After')]).toEqual([503, '30'])

    const limited = await serve('--quota', '1', '--rate', '5/60', '--latency', '0-5')
    const state = await (await fetch(`${limited.url}/__mock/state`)).json()
    expect(state.settings).toMatchObject({ quota: 1, rateLimit: { calls: 5, windowSeconds: 60 }, latency: { mode: 'range', minMs: 0, maxMs: 5 } })
    expect((await fetch(`${limited.url}${ARTEFACT}`)).status).toBe(200)
    expect((await fetch(`${limited.url}${ARTEFACT}`)).status).toBe(403)
  })

  test('a port in use is one clear line and exit 1', async () => {
    const first = await serve()
    const port = new URL(first.url).port
    const second = cli('serve', '--port', port)
    expect(await second.exit).toBe(1)
    expect(second.stderr().trim()).toBe(`artefact-preview-mock: port ${port} is in use; pick another with --port`)
    expect((await fetch(`${first.url}${ARTEFACT}`)).status).toBe(200)
  })

  test('--help prints the usage and exits 0', async () => {
    const help = cli('--help')
    expect(await help.exit).toBe(0)
    expect(help.stdout()).toContain('Usage: artefact-preview-mock serve')
    expect(help.stdout()).toContain('--rate N/SECONDS')
  })

  test('a bad flag or command says what is wrong and exits 2', async () => {
    const cases = [['serve', '--rate', '10'], ['serve', '--port', 'http'], ['serve', '--latency', '900000'], ['start'], ['serve', '--colour']]
    const runs = cases.map((args) => ({ args, bad: cli(...args) }))
    for (const { args, bad } of runs) {
      expect(await bad.exit, args.join(' ')).toBe(2)
      expect(bad.stderr()).toMatch(/^artefact-preview-mock: .+\n/)
    }
  })
})
