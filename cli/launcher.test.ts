// `serve` started as npm starts it (npm, then `sh -c`, then node): stopping npm stops the server and frees its port.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
const launchers = new Set<ChildProcess>()
let marker = ''

afterEach(() => {
  for (const launcher of launchers) launcher.kill('SIGKILL')
  launchers.clear()
  // A server this test started and left running (the failure this file is about): end it by its id.
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) process.kill(Number(entry), 'SIGKILL')
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
})

/**
 * A stand-in for npm: a node process that runs `serve` through `sh -c` (a shell that stays, as
 * dash does for npm) with npm's environment, and prints the shell's pid first.
 */
function launch() {
  marker = `launcher-test-${randomUUID()}`
  const script = `
    const { spawn } = require('node:child_process')
    const shell = spawn('sh', ['-c', process.argv[1] + ' ' + ${JSON.stringify(MAIN)} + ' serve --port 0 --allowed-hosts ${marker}; exit $?'], { stdio: 'inherit' })
    process.stderr.write('shell ' + shell.pid + '\\n')
    setInterval(() => {}, 1000)`
  const launcher = spawn(process.execPath, ['-e', script, process.execPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_command: 'exec' },
  })
  launchers.add(launcher)
  let stdout = ''
  let stderr = ''
  launcher.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  launcher.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  // The pipes end once every process holding them (npm, the shell, the server) has exited.
  const ended = new Promise<void>((resolve) => launcher.stdout.once('end', resolve))
  const listening = new Promise<{ url: string; shell: number }>((resolve) => {
    const look = () => {
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1]
      const shell = /shell (\d+)/.exec(stderr)?.[1]
      if (url && shell) resolve({ url, shell: Number(shell) })
    }
    launcher.stdout.on('data', look)
    launcher.stderr.on('data', look)
  })
  return { launcher, listening, ended, stderr: () => stderr }
}

/** True once nothing listens at `url`, polling for up to `ms`. */
async function freed(url: string, ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      await fetch(`${url}/__mock/state`)
    } catch {
      return true
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

describe('serve started by npm', { timeout: 30_000 }, () => {
  test('stops and frees its port when npm is killed (SIGKILL: the shell stays, the server is left)', async () => {
    const started = launch()
    const { url } = await started.listening
    started.launcher.kill('SIGKILL')
    expect(await freed(url, 5000)).toBe(true)
    await started.ended
    expect(started.stderr()).toContain('artefact-preview-mock: npm, which started it, exited, closing')
  })

  test('stops and frees its port when npm passes SIGTERM to its shell (the shell ends, the server is left)', async () => {
    const started = launch()
    const { url, shell } = await started.listening
    process.kill(shell, 'SIGTERM')
    expect(await freed(url, 5000)).toBe(true)
    expect(started.stderr()).toContain('artefact-preview-mock: npm, which started it, exited, closing')
  })
})
