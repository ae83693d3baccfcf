import { expect, test } from 'vitest'
import type { RequestDraft } from '../../app/model.ts'
import { exampleDraft } from '../operations/examples.ts'
import { buildRequest, draftPath } from './build-request.ts'

const ORIGIN = 'http://localhost:5173'

const postDraft = (patch: Partial<RequestDraft> = {}): RequestDraft => ({ ...exampleDraft('createArtefact'), ...patch })

test('sends no Content-Type at all when it is omitted', () => {
  const request = buildRequest(postDraft({ contentType: { mode: 'omit' } }), ORIGIN)
  expect(request.headers.has('Content-Type')).toBe(false)
})

test('sends no Accept when it is omitted', () => {
  const request = buildRequest(postDraft({ accept: { mode: 'omit' } }), ORIGIN)
  expect(request.headers.has('Accept')).toBe(false)
})

test('sends the chosen headers and the explorer marker', () => {
  const request = buildRequest(
    postDraft({ contentType: { mode: 'value', value: 'text/plain' }, prefer: { mode: 'value', value: 'code=429' } }),
    ORIGIN,
  )
  expect(request.headers.get('Content-Type')).toBe('text/plain')
  expect(request.headers.get('Accept')).toBe('application/json')
  expect(request.headers.get('Prefer')).toBe('code=429')
  expect(request.headers.get('X-Artefact-Explorer')).toBe('1')
})

test('sends a malformed body exactly as typed', async () => {
  const request = buildRequest(postDraft({ body: '{"title": ' }), ORIGIN)
  expect(request.method).toBe('POST')
  expect(await request.text()).toBe('{"title": ')
})

test('puts isDraft in the query, raw values included', () => {
  expect(draftPath(postDraft({ isDraft: { mode: 'value', value: 'true' } }))).toBe(
    '/v3/preview-upcoming/resources/artefact?isDraft=true',
  )
  expect(draftPath(postDraft({ isDraft: { mode: 'value', value: 'yes please' } }))).toBe(
    '/v3/preview-upcoming/resources/artefact?isDraft=yes%20please',
  )
  expect(draftPath(postDraft())).toBe('/v3/preview-upcoming/resources/artefact')
})

test('builds a GET with the id in the path, no body and no Content-Type', () => {
  const draft = {
    ...exampleDraft('getArtefact', 'abc/def'),
    contentType: { mode: 'value', value: 'text/plain' },
  } as RequestDraft
  const request = buildRequest(draft, ORIGIN)
  expect(request.method).toBe('GET')
  expect(request.url).toBe(`${ORIGIN}/v3/preview-upcoming/resources/artefact/abc%2Fdef`)
  expect(request.body).toBeNull()
  expect(request.headers.has('Content-Type')).toBe(false)
})
