// What the installed package holds: its entry points as Node resolves them, the bin and the OpenAPI file.
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test } from 'vitest'
import { Artefact, createHandlers, createStore, createControl, seedArtefacts } from 'artefact-preview-mock'

const require = createRequire(import.meta.url)

test('exports the schemas, the data set and the factories', () => {
  expect(seedArtefacts).toHaveLength(14)
  expect(createHandlers({ control: createControl({ store: createStore() }) })).toHaveLength(4)
  expect(Artefact.safeParse({}).success).toBe(false)
})

test('keeps ./browser from Node and ./node from browsers, as msw does', () => {
  expect(() => require.resolve('artefact-preview-mock/browser')).toThrow(/not defined by "exports"/)
  expect(require.resolve('artefact-preview-mock/node')).toMatch(/dist\/mocks\/node\.js$/)
})

test('ships the OpenAPI document', () => {
  const document = JSON.parse(readFileSync(require.resolve('artefact-preview-mock/openapi.json'), 'utf8'))
  expect(document.openapi).toMatch(/^3\.1\./)
})

test('installs the artefact-preview-mock command', () => {
  const help = execFileSync('node_modules/.bin/artefact-preview-mock', ['--help'], { encoding: 'utf8' })
  expect(help).toMatch(/Usage: artefact-preview-mock serve/)
})

test('serves over HTTP from npx, as the HTTP-mode guide says', async () => {
  // Its own process group: npx runs the bin as a child of its own, and both must stop.
  const child = spawn('npx', ['artefact-preview-mock', 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'], detached: true })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let seen = ''
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString()
        const found = /listening on (http:\/\/\S+)/.exec(seen)
        if (found?.[1]) resolve(found[1])
      })
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${seen}`)))
    })
    const res = await fetch(`${url}/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`)
    expect(res.status).toBe(200)
    expect((await res.json()).title).toBe('Reset your password')
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
  }
})
