import { readFileSync } from 'node:fs'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'

// `npm run dev` as the README starts it: the same vite.config.ts, on a port of its own.
let server: ViteDevServer
let origin: string

beforeAll(async () => {
  server = await createServer({
    configFile: 'vite.config.ts',
    server: { port: 0, strictPort: false },
    logLevel: 'silent',
  })
  await server.listen()
  origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? ''
}, 60_000)

afterAll(() => server?.close())

test('the dev explorer refuses to be framed by another page (frame-ancestors and X-Frame-Options)', async () => {
  const response = await fetch(`${origin}/`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'")
  expect(response.headers.get('x-frame-options')).toBe('DENY')
})

test('the dev explorer serves the one committed openapi.json as its download', async () => {
  const response = await fetch(`${origin}/openapi.json`)
  expect(response.headers.get('content-type')).toBe('application/json')
  expect(await response.text()).toBe(readFileSync('openapi.json', 'utf8'))
})
