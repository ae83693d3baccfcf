// The curl lines of docs/setup/http-mode.md's "Scenarios and scopes", run against a server as
// they are written: the consumer apps run the guides' files and `sh run` blocks, but these lines
// need a server running beside them. A comment that starts with a status is the status expected.
import { execFile, execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, test } from 'vitest'
import { commandsOf, parseDocBlocks } from '../consumers/doc-blocks.ts'
import { createControl } from '../mocks/index.ts'
import { type HttpServer, startHttpServer } from './http-server.ts'

const GUIDE = join(import.meta.dirname, '../docs/setup/http-mode.md')
const SECTION = '## Scenarios and scopes'
const DOC_ORIGIN = 'http://127.0.0.1:8787'

/** The section's shell blocks that call curl. */
function curlBlocks() {
  const text = readFileSync(GUIDE, 'utf8')
  const start = text.indexOf(SECTION)
  const end = text.indexOf('\n## ', start + SECTION.length)
  return parseDocBlocks(text.slice(start, end < 0 ? undefined : end)).filter(
    (block) => block.lang === 'sh' && block.code.includes('curl '),
  )
}

const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

let server: HttpServer | undefined
afterEach(() => server?.close())

describe(`${SECTION} in docs/setup/http-mode.md`, () => {
  const blocks = curlBlocks()

  test('has curl blocks to run', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2)
  })

  test.skipIf(!hasCurl).each(blocks.map((block) => [block.line, block] as const))(
    'the block at line %i answers as its comments say',
    async (_, block) => {
      server = await startHttpServer({ port: 0, control: createControl() })
      const expected: Array<{ line: string; status: string | null }> = []
      const script = commandsOf(block).map((command) => {
        if (!command.startsWith('curl ')) return command
        const at = command.indexOf(' # ')
        const status = at < 0 ? null : (/^#\s*(\d{3})\b/.exec(command.slice(at + 1))?.[1] ?? null)
        expected.push({ line: command, status })
        // Only the status is printed: the comment says what to look for in the rest.
        return `${at < 0 ? command : command.slice(0, at)} -s -o /dev/null -w '%{http_code}\\n'`
      })
      // Not execFileSync: the server answers on this process's event loop.
      const { stdout } = await promisify(execFile)(
        'sh',
        ['-ec', script.join('\n').replaceAll(DOC_ORIGIN, server.url)],
        {
          encoding: 'utf8',
          timeout: 20_000,
        },
      )
      const statuses = stdout.trim().split('\n')
      expect(statuses).toHaveLength(expected.length)
      expected.forEach(({ line, status }, index) => {
        const got = statuses[index] as string
        if (status) expect(got, line).toBe(status)
        else expect(got, line).toMatch(/^2\d\d$/)
      })
    },
  )
})
