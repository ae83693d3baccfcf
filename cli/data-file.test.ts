// `serve --data FILE` as a team server: a crash loses nothing that was answered.
import type { ChildProcess } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { cli, serve } from './test-support.ts'
import { RESOURCES as PREFIX } from '../mocks/testing/support.ts'

const running = new Set<ChildProcess>()
let dir: string
let file: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'apm-serve-data-'))
  file = join(dir, 'team.db')
})
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${PREFIX}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('serve --data', { timeout: 60_000 }, () => {
  test('SIGKILL in the middle of 1,000 concurrent creates: every create answered is there after a restart', async () => {
    // A random latency spreads the writes over a second, so the kill lands among them.
    const first = await serve(running, '--data', file, '--max-connections', '1100', '--latency', '0-1000')
    const artefacts = new Map<string, string>()
    const categories = new Map<string, number>()
    let answered = 0
    let killed = false
    const kill = () => {
      if (!killed) first.child.kill('SIGKILL')
      killed = true
    }
    const creates = Array.from({ length: 1000 }, async (_, i) => {
      try {
        if (i % 10 === 0) {
          const name = `Team category ${i}`
          const res = await post(first.url, 'artefactcategory', { name })
          if (res.status === 201) categories.set(name, (await res.json()).categoryId)
        } else {
          const title = `Team artefact ${i}`
          const res = await post(first.url, 'artefact', { title, primaryQuery: `query ${i}` })
          const body = await res.json()
          if (res.status === 200 && !body.hasErrors) artefacts.set(body.responseId, title)
        }
        // A third of the way in, the process dies: no close, no flush.
        if (++answered === 300) kill()
      } catch {
        // Unanswered: the connection died with the process.
      }
    })
    await Promise.all(creates)
    kill()
    await first.exit
    const kept = artefacts.size + categories.size
    expect(kept).toBeGreaterThanOrEqual(300)
    expect(kept).toBeLessThan(1000)

    const second = await serve(running, '--data', file)
    const loaded = /data: \S+ \((\d+) artefacts and (\d+) categories kept\)/.exec(second.stdout())
    expect(Number(loaded?.[1])).toBeGreaterThanOrEqual(artefacts.size)
    expect(Number(loaded?.[2])).toBeGreaterThanOrEqual(categories.size)
    const missing: string[] = []
    for (const [id, title] of artefacts) {
      const res = await fetch(`${second.url}${PREFIX}/artefact/${id}`)
      if (res.status !== 200 || (await res.json()).title !== title) missing.push(id)
    }
    for (const [name, id] of categories) {
      // The name is taken, by the id that was answered.
      const res = await post(second.url, 'artefactcategory', { name })
      if (res.status !== 422 || !res.headers.get('X-Mock-Reason')?.includes(`taken by category ${id}`))
        missing.push(name)
    }
    expect(missing).toEqual([])
  })

  test('prints what it kept, stops on SIGTERM, and a second server on the same file is refused', async () => {
    const first = await serve(running, '--data', file)
    expect(first.stdout()).toContain(`data: ${file} (0 artefacts and 0 categories kept)`)
    const { responseId } = await (await post(first.url, 'artefact', { title: 'Across a clean stop' })).json()

    const second = cli(running, 'serve', '--port', '0', '--data', file)
    expect(await second.exit).toBe(1)
    expect(second.stderr()).toBe(
      `artefact-preview-mock: ${file} is in use by another process (one server per data file)\n`,
    )

    first.child.kill('SIGTERM')
    expect(await first.exit).toBe(0)
    const third = await serve(running, '--data', file)
    expect(third.stdout()).toContain('(1 artefacts and 0 categories kept)')
    expect((await fetch(`${third.url}${PREFIX}/artefact/${responseId}`)).status).toBe(200)
  })

  test('while it runs the newest commits are in FILE-wal; after a stop, even a hurried one, FILE alone holds them all', async () => {
    const count = (path: string) => {
      const db = new DatabaseSync(path)
      try {
        return (db.prepare('SELECT count(*) AS n FROM artefact').get() as { n: number }).n
      } catch {
        return 0 // the copy has not even the tables yet
      } finally {
        db.close()
      }
    }
    for (const hurried of [false, true]) {
      rmSync(file, { force: true })
      const server = await serve(running, '--data', file)
      for (let i = 0; i < 20; i++) await post(server.url, 'artefact', { title: `Backed up ${i}` })
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(0)
      copyFileSync(file, join(dir, 'copy-while-running.db'))
      expect(count(join(dir, 'copy-while-running.db'))).toBe(0)
      if (hurried) {
        // An answer in flight holds the first Ctrl+C; the second exits without waiting, and still closes the file.
        await fetch(`${server.url}/__mock/settings`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ latency: { mode: 'fixed', ms: 5000 } }),
        })
        fetch(`${server.url}${PREFIX}/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`).catch(() => {})
        await new Promise((resolve) => setTimeout(resolve, 300))
        server.child.kill('SIGINT')
        await new Promise((resolve) => setTimeout(resolve, 300))
        server.child.kill('SIGINT')
      } else server.child.kill('SIGTERM')
      expect(await server.exit).toBe(0)
      expect(existsSync(`${file}-wal`)).toBe(false)
      copyFileSync(file, join(dir, 'copy-after-stop.db'))
      expect(count(join(dir, 'copy-after-stop.db'))).toBe(20)
    }
  })

  test('a file that is not a data file exits 1 with the reason', async () => {
    const bad = cli(running, 'serve', '--port', '0', '--data', dir)
    expect(await bad.exit).toBe(1)
    expect(bad.stderr()).toMatch(/^artefact-preview-mock: cannot open /)
  })
})
