// serve --upstream in hybrid, shadow and record modes, against the fake real service.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { Har } from '../src/features/network-log/har-schema.ts'
import { CALLS, CATEGORY, kindsOf, PUBLISHED_ARTEFACT, proxied, refusingUrl } from './test-upstream.ts'

/** Polls `done` every 20 ms for at most 10 s (the shadow worker runs at the lowest priority). */
async function until(done: () => boolean) {
  for (let tries = 0; tries < 500 && !done(); tries++) await new Promise((resolve) => setTimeout(resolve, 20))
  expect(done()).toBe(true)
}

describe('hybrid', () => {
  test('the operations named by --mock are answered by the mock, the rest are forwarded', async () => {
    const hybrid = await proxied({ mode: 'hybrid', mock: ['getArtefact'] }, { drift: ['extra-field'] })
    const got = await hybrid.call('GET', PUBLISHED_ARTEFACT)
    expect(JSON.parse(got.text).servedBy).toBeUndefined()
    expect(got.headers.get('X-Mock-Scenario')).toBe('default')
    const created = await hybrid.call('POST', CATEGORY, { body: { name: 'Real one' } })
    expect(JSON.parse(created.text).servedBy).toBe('fake-upstream')
    expect(created.headers.get('Via')).toBe('1.1 artefact-preview-mock')
    expect(hybrid.upstream.received.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${CATEGORY}`])
    // Only what was forwarded is checked.
    expect(kindsOf(hybrid.server, 'createCategory')).toEqual(['extra'])
    expect(kindsOf(hybrid.server, 'getArtefact')).toEqual([])
  })

  test('while a scenario other than default is on, in a scope or for one request, the mock answers everything there', async () => {
    const hybrid = await proxied({ mode: 'hybrid' })
    const headers = { 'Content-Type': 'application/json', 'X-Mock-Scope': 'worker-1' }
    const chosen = await fetch(`${hybrid.server.url}/__mock/scenario`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ id: 'maintenance' }),
    })
    expect(chosen.status).toBe(200)
    expect((await hybrid.call('GET', PUBLISHED_ARTEFACT, { headers: { 'X-Mock-Scope': 'worker-1' } })).status).toBe(503)
    expect((await hybrid.call('GET', PUBLISHED_ARTEFACT, { headers: { 'X-Mock-Scenario': 'empty' } })).status).toBe(404)
    expect(hybrid.upstream.received).toEqual([])
    // The shared scope is still in default: forwarded.
    expect((await hybrid.call('GET', PUBLISHED_ARTEFACT)).status).toBe(200)
    expect(hybrid.upstream.received).toHaveLength(1)
  })
})

describe('shadow', () => {
  test("the client gets the mock's answer before the real service has answered; then the two are compared", async () => {
    const shadow = await proxied({ mode: 'shadow' }, { drift: ['slow', 'rename-field'], delayMs: 1500 })
    const plain = await proxied({ mode: 'hybrid', mock: ['getArtefact'] })
    const answer = await shadow.call('GET', PUBLISHED_ARTEFACT)
    expect(shadow.server.drift().checked).toBe(0)
    expect(answer.status).toBe(200)
    // The same as the mock alone answers, but for the links' origin (each server's own).
    const mockAlone = (await plain.call('GET', PUBLISHED_ARTEFACT)).text.replaceAll(plain.server.url, 'ORIGIN')
    expect(answer.text.replaceAll(shadow.server.url, 'ORIGIN')).toBe(mockAlone)
    expect(answer.headers.get('Via')).toBeNull()
    await until(() => shadow.server.drift().checked === 1)
    const findings = shadow.server.drift().findings.map((f) => `${f.kind} ${f.pointer}`)
    expect(findings).toEqual(['missing /id', 'differs /id', 'differs /id_renamed', 'extra /id_renamed'])
  })

  test('differs: another status, and another shape, on each operation; a clean upstream differs nowhere', async () => {
    const clean = await proxied({ mode: 'shadow' })
    const drifted = await proxied({ mode: 'shadow' }, { drift: ['undocumented-status'] })
    const renamed = await proxied({ mode: 'shadow' }, { drift: ['retype-field'] })
    for (const proxy of [clean, drifted, renamed])
      for (const calls of Object.values(CALLS))
        for (const { method, path, ...init } of calls) await proxy.call(method, path, init)
    for (const proxy of [clean, drifted, renamed]) await until(() => proxy.server.drift().checked === 9)
    expect(clean.server.drift().findings).toEqual([])
    const differs = (proxy: typeof clean) =>
      proxy.server
        .drift()
        .findings.filter((f) => f.kind === 'differs')
        .map((f) => `${f.operation} ${f.pointer || '(status)'}: ${f.expected} / ${f.actual}`)
    expect(differs(drifted)).toEqual([
      'createArtefact (status): 200 (as the mock answers) / 299',
      'createCategory (status): 201 (as the mock answers) / 299',
      'getArtefact (status): 200 (as the mock answers) / 299',
    ])
    expect(differs(renamed)).toEqual([
      'createArtefact /hasErrors: boolean (as the mock answers) / string',
      'createCategory /categoryName: string (as the mock answers) / number',
      'getArtefact /title: string (as the mock answers) / number',
    ])
  })

  test('a refused upstream changes nothing for the client and is a finding', async () => {
    const shadow = await proxied({ mode: 'shadow', url: await refusingUrl() })
    const answer = await shadow.call('GET', PUBLISHED_ARTEFACT)
    expect(answer.status).toBe(200)
    await until(() => shadow.server.drift().findings.length === 1)
    expect(shadow.server.drift().findings).toMatchObject([
      { operation: 'getArtefact', kind: 'status', actual: 'refused' },
    ])
  })

  test('a call answered just before the server closes is still sent on and checked', async () => {
    const shadow = await proxied({ mode: 'shadow' }, { drift: ['extra-field'] })
    expect((await shadow.call('GET', PUBLISHED_ARTEFACT)).status).toBe(200)
    // The call may still wait for its batch to cross to the worker: close must let it cross and be checked.
    await shadow.server.close()
    expect(shadow.upstream.received.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${PUBLISHED_ARTEFACT}`])
    expect(shadow.server.drift().checked).toBe(1)
    expect(kindsOf(shadow.server, 'getArtefact')).toEqual(['differs', 'extra'])
  })
})

describe('record', () => {
  const SECRETS = { authorization: 'Bearer s3cret-token-value', cookie: 'sid=s3cret-cookie-value' }

  test('writes a valid HAR 1.2 of every exchange, failures included; credentials and cookies are forwarded, never written', async () => {
    const har = join(mkdtempSync(join(tmpdir(), 'record-')), 'traffic.har')
    const record = await proxied(
      { mode: 'record', har },
      { drift: ['extra-field'], setCookie: 'session=s3cret-set-cookie; HttpOnly' },
    )
    for (const { method, path, ...init } of CALLS.createArtefact)
      await record.call(method, path, { ...init, headers: { ...init.headers, ...SECRETS } })
    const got = await record.call('GET', PUBLISHED_ARTEFACT, { headers: SECRETS })
    expect(got.headers.get('Set-Cookie')).toBe('session=s3cret-set-cookie; HttpOnly')
    expect(record.upstream.received.map((r) => [r.headers.authorization, r.headers.cookie])).toEqual(
      Array(4).fill([SECRETS.authorization, SECRETS.cookie]),
    )
    // Still a whole HAR while the server runs.
    expect(Har.safeParse(JSON.parse(readFileSync(har, 'utf8'))).success).toBe(true)
    const report = JSON.stringify(record.server.drift())
    await record.server.close()
    const text = readFileSync(har, 'utf8')
    const parsed = Har.parse(JSON.parse(text))
    expect(parsed.log.version).toBe('1.2')
    expect(parsed.log.entries.map((e) => `${e.request.method} ${e.response.status}`)).toEqual([
      'POST 200',
      'POST 422',
      'POST 503',
      'GET 200',
    ])
    const [first] = parsed.log.entries
    expect(JSON.parse(first!.request.postData!.text!)).toEqual({ title: 'Through the proxy' })
    expect(JSON.parse(first!.response.content.text!).servedBy).toBe('fake-upstream')
    for (const written of [text, report]) {
      expect(written).not.toMatch(/s3cret/)
      expect(written).not.toMatch(/"(authorization|cookie|set-cookie)"/i)
    }
  })

  test('a request the upstream refused is written with status 0 and the reason', async () => {
    const har = join(mkdtempSync(join(tmpdir(), 'record-')), 'refused.har')
    const record = await proxied({ mode: 'record', har, url: await refusingUrl() })
    expect((await record.call('GET', PUBLISHED_ARTEFACT)).status).toBe(502)
    await record.server.close()
    const [entry] = Har.parse(JSON.parse(readFileSync(har, 'utf8'))).log.entries
    expect(entry?.response).toMatchObject({ status: 0, _error: 'refused' })
  })
})
