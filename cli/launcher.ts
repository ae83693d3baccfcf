/**
 * `serve` started by npm (`npx artefact-preview-mock serve`, `npm run serve`): npm runs the bin
 * through `sh -c`, and a shell such as dash passes no signal on. Stopping npm (a SIGTERM, which
 * npm forwards to that shell only, or a SIGKILL) left the server running and holding its port.
 * So a server npm started watches for npm to go.
 */
import { readFileSync } from 'node:fs'

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh'])
const EVERY_MS = 500

/** The command name and parent of process `pid`, from Linux's /proc; undefined elsewhere or once it is gone. */
function processOf(pid: number): { name: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const end = stat.lastIndexOf(')')
    return { name: stat.slice(stat.indexOf('(') + 1, end), ppid: Number(stat.slice(end + 2).split(' ')[1]) }
  } catch {
    return undefined
  }
}

/**
 * Calls `onGone` once when the npm that started this process exits: this process's parent
 * changes (npm itself, or the shell npm started, exited), or, when the parent is a shell,
 * the shell's parent changes. Does nothing for a process npm did not start (`npm_command`
 * unset), so `nohup node … serve &` keeps running after its shell exits.
 * @example
 * watchLauncher(() => stop('npm exited'))
 */
export function watchLauncher(onGone: () => void, env: NodeJS.ProcessEnv = process.env): void {
  if (env.npm_command === undefined) return
  const parent = process.ppid
  const shell = processOf(parent)
  const npm = shell && SHELLS.has(shell.name) ? shell.ppid : undefined
  const timer = setInterval(() => {
    if (process.ppid === parent && (npm === undefined || processOf(parent)?.ppid === npm)) return
    clearInterval(timer)
    onGone()
  }, EVERY_MS)
  timer.unref()
}
