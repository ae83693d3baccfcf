import { afterEach, beforeEach, expect, test } from 'vitest'
import { createControl, createStore } from '../mocks/internal.ts'
import { RESOURCES as PREFIX } from '../mocks/testing/support.ts'
import { type HttpServer, startHttpServer } from './http-server.ts'
import { rawRequest } from './test-support.ts'

// The HTTP mode reads headers from Node's raw lines instead of a fetch Request: these pin that
// it reads them as fetch would (every line of a name joined with ", ").
let server: HttpServer
let port: number

beforeEach(async () => {
  server = await startHttpServer({ port: 0, control: createControl({ store: createStore() }) })
  port = Number(new URL(server.url).port)
})
afterEach(() => server.close())

const post = (headers: string[], body = '{"name":"Raw lines"}') =>
  rawRequest(
    port,
    [
      `POST ${PREFIX}/artefactcategory HTTP/1.1`,
      'Host: 127.0.0.1',
      'Connection: close',
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...headers,
      '',
      body,
    ].join('\r\n'),
  )

test('creates a category when Accept and Content-Type come in any case of name', async () => {
  const answer = await post(['aCCEPT: application/json', 'content-TYPE: application/json'])
  expect(answer.status).toBe(201)
  expect(JSON.parse(answer.body)).toMatchObject({ categoryName: 'Raw lines' })
})

test('answers 415 when Content-Type comes twice (fetch joins the lines into one value)', async () => {
  const answer = await post(['Content-Type: application/json', 'Content-Type: application/json'])
  expect(answer.status).toBe(415)
  expect(answer.headers['x-mock-reason']).toContain('application/json, application/json')
})

test('answers 406 when a second Accept line asks for HTML', async () => {
  const answer = await post(['Accept: application/json', 'Accept: text/html'])
  expect(answer.status).toBe(406)
})

test('reads Prefer: code= split over two lines', async () => {
  const answer = await post(['Prefer: respond-async', 'Prefer: code=429'])
  expect(answer.status).toBe(429)
  expect(answer.headers['retry-after']).toMatch(/^\d+$/)
})

test('answers TRACE on a known path 405 with Allow, like any other method it does not take', async () => {
  const answer = await rawRequest(
    port,
    `TRACE ${PREFIX}/artefact HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
  )
  expect(answer.status).toBe(405)
  expect(answer.headers.allow).toBe('POST, OPTIONS')
  expect(JSON.parse(answer.body)).toEqual({ errorCode: '405', message: 'Method Not Allowed' })
})
