import { expect, test } from 'vitest'
import { ARTEFACT, CATEGORY, expectError, SEED, startMock, validArtefact } from '../testing/support.ts'

test('answers 503 in maintenance mode even for an unknown path', async () => {
  const mock = startMock({ maintenance: true })
  await expectError(await mock.api('/v3/preview-upcoming/resources/nothing'), 503)
})

test('answers 503 in maintenance mode even for a method that is not allowed', async () => {
  const mock = startMock({ maintenance: true })
  await expectError(await mock.api(CATEGORY, { method: 'DELETE' }), 503)
})

test('answers 503 in maintenance mode even when Prefer forces another status', async () => {
  const mock = startMock({ maintenance: true })
  await expectError(await mock.getArtefact(SEED.published, { headers: { Prefer: 'code=404' } }), 503)
})

test('answers 404 for an unknown path even when Prefer forces a status', async () => {
  const mock = startMock()
  await expectError(await mock.api('/v3/preview-upcoming/nothing', { headers: { Prefer: 'code=429' } }), 404)
})

test('answers 405 for a method that is not allowed even when Prefer forces a status', async () => {
  const mock = startMock()
  await expectError(await mock.api(ARTEFACT, { method: 'PUT', headers: { Prefer: 'code=422' } }), 405)
})

test('answers a forced status before the quota and does not count the call', async () => {
  const mock = startMock({ quota: 1 })
  await expectError(await mock.post(ARTEFACT, validArtefact(), { headers: { Prefer: 'code=422' } }), 422)
  expect(mock.control.getSnapshot().quotaUsed).toBe(0)
  expect((await mock.post(ARTEFACT, validArtefact())).status).toBe(200)
  await expectError(await mock.post(ARTEFACT, validArtefact(), { headers: { Prefer: 'code=406' } }), 406)
  await expectError(await mock.post(ARTEFACT, validArtefact()), 403)
})

test('answers a forced status before the rate limit and does not count the call', async () => {
  const mock = startMock({ rateLimit: { calls: 1, windowSeconds: 10 } })
  await expectError(await mock.getArtefact(SEED.published, { headers: { Prefer: 'code=400' } }), 400)
  expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  await expectError(await mock.getArtefact(SEED.published), 429)
})

test('answers 403 when the quota is used up and Accept is unacceptable', async () => {
  const mock = startMock({ quota: 0 })
  await expectError(await mock.getArtefact(SEED.published, { headers: { Accept: 'text/html' } }), 403)
})

test('answers 403 when the quota is used up and the rate limit is also reached', async () => {
  const mock = startMock({ quota: 1, rateLimit: { calls: 1, windowSeconds: 10 } })
  expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  await expectError(await mock.getArtefact(SEED.published), 403)
})

test('answers 429 when the rate limit is reached and Accept is unacceptable', async () => {
  const mock = startMock({ rateLimit: { calls: 1, windowSeconds: 10 } })
  expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  await expectError(await mock.getArtefact(SEED.published, { headers: { Accept: 'text/html' } }), 429)
})

test('answers 406 when Accept is unacceptable and Content-Type is unsupported', async () => {
  const mock = startMock()
  const headers = { Accept: 'application/xml', 'Content-Type': 'text/plain' }
  await expectError(await mock.post(ARTEFACT, validArtefact(), { headers }), 406)
})

test('answers 406 when Accept is unacceptable and the id is not a UUID', async () => {
  const mock = startMock()
  await expectError(await mock.getArtefact('nope', { headers: { Accept: 'text/html' } }), 406)
})

test('answers 406 when Accept is unacceptable and no artefact has the id', async () => {
  const mock = startMock()
  await expectError(await mock.getArtefact(SEED.unknown, { headers: { Accept: 'text/html' } }), 406)
})

test('answers 415 when Content-Type is unsupported and the body is malformed', async () => {
  const mock = startMock()
  await expectError(await mock.post(ARTEFACT, '{not json', { headers: { 'Content-Type': 'text/plain' } }), 415)
})

test('answers 415 when Content-Type is unsupported and isDraft is malformed', async () => {
  const mock = startMock()
  const headers = { 'Content-Type': 'application/xml' }
  await expectError(await mock.post(`${ARTEFACT}?isDraft=yes`, validArtefact(), { headers }), 415)
})

test('answers 400 when isDraft is malformed and the body does not fit the schema', async () => {
  const mock = startMock()
  await expectError(await mock.post(`${ARTEFACT}?isDraft=TRUE`, { title: '' }), 400)
})

test('answers 400 when isDraft is malformed and the body is not JSON', async () => {
  const mock = startMock()
  await expectError(await mock.post(`${ARTEFACT}?isDraft=1`, '{'), 400)
})

test('answers 400 when the body is not JSON, whatever else it breaks', async () => {
  const mock = startMock()
  await expectError(await mock.post(CATEGORY, '[{"name": ""}]'), 400)
})

test('answers 422 when the body breaks the schema and a data-set rule at once', async () => {
  const mock = startMock()
  const before = mock.contents()
  await expectError(await mock.post(ARTEFACT, { title: '', category: { id: 999 } }), 422)
  expect(mock.contents()).toStrictEqual(before)
})

test('never answers a GET 415, whatever its Content-Type', async () => {
  const mock = startMock()
  const headers = { 'Content-Type': 'text/xml' }
  expect((await mock.getArtefact(SEED.published, { headers })).status).toBe(200)
  await expectError(await mock.getArtefact(SEED.unknown, { headers }), 404)
  await expectError(await mock.getArtefact('not-a-uuid', { headers }), 400)
})

test('answers a GET 415 or 422 only when it is forced', async () => {
  const mock = startMock()
  await expectError(await mock.getArtefact(SEED.published, { headers: { Prefer: 'code=415' } }), 415)
  await expectError(await mock.getArtefact(SEED.published, { headers: { Prefer: 'code=422' } }), 422)
})

test('counts a call that ends in 406, 415, 400 or 422 against the quota', async () => {
  const mock = startMock({ quota: 4 })
  await expectError(await mock.getArtefact(SEED.published, { headers: { Accept: 'text/html' } }), 406)
  await expectError(await mock.post(ARTEFACT, validArtefact(), { headers: { 'Content-Type': 'text/plain' } }), 415)
  await expectError(await mock.post(ARTEFACT, '{'), 400)
  await expectError(await mock.post(CATEGORY, {}), 422)
  await expectError(await mock.getArtefact(SEED.published), 403)
})

test('does not count a call that ends in 503, 404 or 405 against the quota', async () => {
  const mock = startMock({ quota: 1, maintenance: true })
  await expectError(await mock.getArtefact(SEED.published), 503)
  mock.control.set({ maintenance: false })
  await expectError(await mock.api('/v3/preview-upcoming/nothing'), 404)
  await expectError(await mock.api(ARTEFACT, { method: 'GET' }), 405)
  expect((await mock.getArtefact(SEED.published)).status).toBe(200)
  await expectError(await mock.getArtefact(SEED.published), 403)
})
