/**
 * Every snippet of every request in the matrix, run against the HTTP mode with the real
 * client (curl, Node's fetch, HTTPie), gets the answer the explorer got from the mock.
 * Needs `curl` and `http` on the PATH (Debian: apt-get install -y curl httpie; .ci/run does).
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type HttpServer, startHttpServer } from '../../../cli/http-server.ts'
import { toHttpie } from './httpie-snippet.ts'
import { EXPLORER_ORIGIN, explorerExchange, REQUEST_MATRIX } from './request-matrix.ts'
import { toCurl, toFetchSnippet } from './snippets.ts'

const run = promisify(execFile)

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

/** The headers whose value a client could act on; the rest (date, length, CORS) may differ by transport. */
const MATTERS = ['content-type', 'allow', 'retry-after', 'x-artefact-status', 'x-mock-reason']

function comparable(answer: Answer, origin: string) {
  const headers = Object.fromEntries(
    MATTERS.filter((name) => name in answer.headers).map((name) => [name, answer.headers[name]]),
  )
  // Links name the origin asked, and a new artefact's id is random: neither is the snippet's doing.
  const body = answer.body
    .replaceAll(origin, '<origin>')
    .replace(/"responseId":"[0-9a-f-]{36}"/, '"responseId":"<uuid>"')
  return { status: answer.status, headers, body }
}

/** Reads `curl -i` or `http --print=hb` output: status line, headers, blank line, body. */
function parseHttpOutput(output: string): Answer {
  let text = output.replace(/\r\n/g, '\n')
  // A 100 Continue comes first when curl sends Expect.
  while (/^HTTP\/[\d.]+ 1\d\d/.test(text)) text = text.slice(text.indexOf('\n\n') + 2)
  const end = text.indexOf('\n\n')
  const [statusLine = '', ...lines] = (end < 0 ? text : text.slice(0, end)).split('\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: end < 0 ? '' : text.slice(end + 2).replace(/\n$/, ''),
  }
}

async function shell(command: string): Promise<Answer> {
  const { stdout } = await run('sh', ['-c', command], {
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
  })
  return parseHttpOutput(stdout)
}

async function runFetch(snippet: string): Promise<Answer> {
  const call = new Function('fetch', `return ${snippet}`) as (send: typeof fetch) => Promise<Answer>
  const answer = await call(fetch)
  return {
    ...answer,
    headers: Object.fromEntries(Object.entries(answer.headers).map(([name, value]) => [name.toLowerCase(), value])),
  }
}

let server: HttpServer

beforeAll(async () => {
  for (const binary of ['curl', 'http']) {
    await run(binary, ['--version']).catch(() => {
      throw new Error(
        `[artefact-mock] ${binary} is not installed: apt-get install -y ${binary === 'http' ? 'httpie' : binary}`,
      )
    })
  }
  server = await startHttpServer({ port: 0 })
})
afterAll(() => server.close())
beforeEach(() => server.control.reset())

describe.each(REQUEST_MATRIX)('%s', (_name, request) => {
  test('curl, fetch and HTTPie get the answer the explorer got', async () => {
    const exchange = await explorerExchange(request)
    const response = exchange.response!
    const expected = comparable({ ...response, headers: Object.fromEntries(response.headers) }, EXPLORER_ORIGIN)

    const curl = await shell(toCurl(request, server.url))
    expect(comparable(curl, server.url), 'curl').toEqual(expected)

    await server.control.reset()
    const fetched = await runFetch(toFetchSnippet(request, server.url))
    expect(comparable(fetched, server.url), 'fetch').toEqual(expected)

    await server.control.reset()
    const httpie = await shell(toHttpie(request, server.url))
    expect(comparable(httpie, server.url), 'HTTPie').toEqual(expected)
  })
})

test('the matrix covers every operation, both ends of isDraft and the 4xx statuses of negotiation and bodies', async () => {
  const statuses = new Set<number>()
  for (const [, request] of REQUEST_MATRIX) statuses.add((await explorerExchange(request)).response!.status)
  expect([...statuses].sort()).toEqual([200, 201, 400, 404, 405, 406, 415, 422, 429, 503])
  const urls = REQUEST_MATRIX.map(([, request]) => request.url)
  expect(urls.some((url) => url.endsWith('isDraft=true')) && urls.some((url) => url.endsWith('isDraft=false'))).toBe(
    true,
  )
})
