/** The `--upstream` modes' tests: a fake real service and an HTTP-mode server in front of it, both closed after each test. */
import { createServer } from 'node:net'
import { afterEach } from 'vitest'
import { createControl, PREFIX } from '../mocks/internal.ts'
import { type HttpServer, startHttpServer, type UpstreamOptions } from './http-server.ts'
import { type FakeUpstream, type FakeUpstreamOptions, startFakeUpstream } from './test-fake-upstream.ts'

const RESOURCES = `${PREFIX}/resources`
export const ARTEFACT = `${RESOURCES}/artefact`
export const CATEGORY = `${RESOURCES}/artefactcategory`
/** Artefact 01 of the data set, published. */
export const PUBLISHED_ARTEFACT = `${ARTEFACT}/0a1e0001-5c0f-4a11-9c00-000000000001`

/** One call of each operation that succeeds, one the spec refuses (for the creates), and one forced error. */
export const CALLS = {
  createArtefact: [
    { method: 'POST', path: ARTEFACT, body: { title: 'Through the proxy' } },
    { method: 'POST', path: ARTEFACT, body: { title: '' } },
    { method: 'POST', path: ARTEFACT, body: { title: 'Forced' }, headers: { Prefer: 'code=503' } },
  ],
  createCategory: [
    { method: 'POST', path: CATEGORY, body: { name: 'Proxied' } },
    { method: 'POST', path: CATEGORY, body: {} },
    { method: 'POST', path: CATEGORY, body: { name: 'Forced' }, headers: { Prefer: 'code=503' } },
  ],
  getArtefact: [
    { method: 'GET', path: PUBLISHED_ARTEFACT },
    { method: 'GET', path: `${ARTEFACT}/0a1e0001-5c0f-4a11-9c00-0000000000ff` },
    { method: 'GET', path: PUBLISHED_ARTEFACT, headers: { Prefer: 'code=503' } },
  ],
} satisfies Record<string, Array<{ method: string; path: string; body?: unknown; headers?: Record<string, string> }>>

export type OperationName = keyof typeof CALLS

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})

export interface Proxied {
  upstream: FakeUpstream
  server: HttpServer
  /** Calls the server (not the upstream) and reads the whole answer. */
  call(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; text: string }>
}

/** A fake upstream with `fake`'s drift, and a server in front of it in `upstream`'s mode. */
export async function proxied(
  upstream: Omit<UpstreamOptions, 'url'> & { url?: string },
  fake: FakeUpstreamOptions = {},
): Promise<Proxied> {
  const real = await startFakeUpstream(fake)
  running.push(real)
  const server = await startHttpServer({
    port: 0,
    control: createControl(),
    upstream: { url: real.url, onDriftChange: () => {}, ...upstream },
  })
  running.push(server)
  return {
    upstream: real,
    server,
    async call(method, path, init = {}) {
      const body = init.body === undefined ? undefined : JSON.stringify(init.body)
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...(body !== undefined && { 'Content-Type': 'application/json' }), ...init.headers },
        ...(body !== undefined && { body }),
      })
      return { status: res.status, headers: res.headers, text: await res.text() }
    },
  }
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
export async function refusingUrl(): Promise<string> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return `http://127.0.0.1:${port}`
}

/** The kinds of finding about one operation (`(request)` for the request side), sorted, each once. */
export const kindsOf = (server: HttpServer, operation: string) => [
  ...new Set(
    server
      .drift()
      .findings.filter((finding) => finding.operation === operation)
      .map((finding) => `${finding.kind}${finding.side === 'request' ? ' (request)' : ''}`)
      .sort(),
  ),
]
