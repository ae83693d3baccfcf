import { afterEach, expect, test } from 'vitest'
import { checkExchange, type Exchange } from '../mocks/internal.ts'
import { DRIFTS, type Drift, type FakeUpstream, startFakeUpstream } from './test-fake-upstream.ts'

const PREFIX = '/v3/preview-upcoming/resources'
let upstream: FakeUpstream | undefined
afterEach(async () => {
  await upstream?.close()
  upstream = undefined
})

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Exchange> {
  const url = `${upstream!.url}${path}`
  const requestBody = body === undefined ? undefined : JSON.stringify(body)
  const response = await fetch(url, {
    method,
    headers: { ...(requestBody && { 'Content-Type': 'application/json' }), ...headers },
    ...(requestBody && { body: requestBody }),
  })
  return {
    method,
    url,
    requestBody,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  }
}

const CALLS = () => [
  call('POST', `${PREFIX}/artefact`, { title: 'From the fake upstream' }),
  call('POST', `${PREFIX}/artefactcategory`, { name: `Fake ${Math.random()}` }),
  call('GET', `${PREFIX}/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`),
  call('GET', `${PREFIX}/artefact/0a1e0001-5c0f-4a11-9c00-0000000000ff`),
]

test('clean, the fake upstream gives zero findings on every operation, errors included', async () => {
  upstream = await startFakeUpstream()
  for (const exchange of await Promise.all(CALLS())) expect(checkExchange(exchange)).toEqual([])
})

const EXPECTED: Record<Exclude<Drift, 'slow'>, string[]> = {
  'rename-field': ['missing', 'extra'],
  'retype-field': ['type'],
  'missing-field': ['missing'],
  'extra-field': ['extra'],
  'undocumented-status': ['status'],
  'wrong-content-type': ['content-type'],
  // A text body says so in its Content-Type too: two findings, both true.
  'plain-text-error': ['content-type', 'error-body'],
  // The calls above are valid: nothing to take that the spec refuses (cli/upstream-proxy.test.ts sends such).
  'accept-invalid': [],
}

test.each(DRIFTS.filter((d) => d !== 'slow'))('seeded %s gives exactly its kinds of finding', async (drift) => {
  upstream = await startFakeUpstream({ drift: [drift] })
  const kinds = new Set<string>()
  for (const exchange of await Promise.all(CALLS()))
    for (const finding of checkExchange(exchange)) kinds.add(finding.kind)
  expect([...kinds].sort()).toEqual([...EXPECTED[drift as Exclude<Drift, 'slow'>]].sort())
})
