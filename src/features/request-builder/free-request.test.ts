import { expect, test } from 'vitest'
import { createRouter, OPERATIONS } from '#mocks/internal.ts'
import { exampleDraft } from '../operations/examples.ts'
import { freeFromForm, freePath, headerProblem, methodProblem, normaliseMethod, routeOf } from './free-request.ts'

const ORIGIN = 'http://localhost'

test('starts from the form: its method, path with the id, isDraft and headers', () => {
  const draft = {
    ...exampleDraft('createArtefact'),
    isDraft: { mode: 'value', value: 'yes' } as const,
    prefer: { mode: 'value', value: 'code=429' } as const,
  }
  expect(freeFromForm(draft)).toEqual({
    method: 'POST',
    path: '/resources/artefact',
    query: [{ on: true, name: 'isDraft', value: 'yes' }],
    headers: [
      { on: true, name: 'Accept', value: 'application/json' },
      { on: true, name: 'Content-Type', value: 'application/json' },
      { on: true, name: 'Prefer', value: 'code=429' },
    ],
  })
})

test('puts the path under the prefix, sends only the rows that are on, and keeps ? and # in the path', () => {
  const free = {
    method: 'GET',
    path: 'resources/a?b#c',
    query: [
      { on: true, name: 'x', value: '1 2' },
      { on: false, name: 'y', value: '3' },
    ],
    headers: [],
  }
  expect(freePath(free)).toBe('/v3/preview-upcoming/resources/a%3Fb%23c?x=1%202')
})

test('routes as the mock does: operation, 405, OPTIONS and 404', () => {
  const allowOn = (path: string) => createRouter(OPERATIONS).route(path)?.allow
  expect(routeOf('GET', `${ORIGIN}/v3/preview-upcoming/resources/artefact/abc`)).toMatchObject({
    kind: 'operation',
    operation: 'getArtefact',
  })
  expect(routeOf('PUT', `${ORIGIN}/v3/preview-upcoming/resources/artefact`)).toEqual({
    kind: 'not-allowed',
    allow: allowOn('/resources/artefact'),
  })
  expect(routeOf('OPTIONS', `${ORIGIN}/v3/preview-upcoming/resources/artefactcategory`)).toEqual({
    kind: 'options',
    allow: allowOn('/resources/artefactcategory'),
  })
  expect(routeOf('GET', `${ORIGIN}/v3/preview-upcoming/resources/artefact/`)).toEqual({ kind: 'unknown' })
})

test('says which methods and headers a browser will not send as written', () => {
  expect(normaliseMethod(' delete ')).toBe('DELETE')
  expect(normaliseMethod('patch')).toBe('patch')
  expect(methodProblem('TRACE')).toContain('do not let a page send TRACE')
  expect(methodProblem('GE T')).toContain('not an HTTP method name')
  expect(headerProblem({ name: 'Host', value: 'x' })).toContain('does not let a page set Host')
  expect(headerProblem({ name: 'Sec-Fetch-Mode', value: 'x' })).not.toBeNull()
  expect(headerProblem({ name: 'X-Trace', value: 'on' })).toBeNull()
})
