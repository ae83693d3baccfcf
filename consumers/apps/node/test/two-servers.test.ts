// Issue 37 point 9, from the packed package: a second server in a test file, beside the one the
// README's setup file starts (the ready-made one of 'artefact-preview-mock/node'), runs each
// request through both. The mock answers once, counts once, and says so once with the fix.
import { control, handlers } from 'artefact-preview-mock'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'

// The mistake: a test file written for a process without a setup file's server.
const second = setupServer(...handlers)

const said: string[] = []
// Both majors' names, from a variable: msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest.
const quiet = { onUnhandledFrame: 'bypass', onUnhandledRequest: 'bypass' } as const
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    said.push(args.map(String).join(' '))
  })
  second.listen(quiet)
})
afterAll(() => {
  second.close()
  vi.restoreAllMocks()
})

const API = 'https://api.example.test/v3/preview-upcoming/resources'

test('counts a call once and reads a body once, and names the fix once', async () => {
  control.set({ quota: 2 })
  expect((await fetch(`${API}/artefact/0a1e0001-5c0f-4a11-9c00-000000000001`)).status).toBe(200)
  expect(control.getSnapshot().quotaUsed).toBe(1)
  const created = await fetch(`${API}/artefactcategory`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mobile apps' }),
  })
  expect([created.status, await created.json()]).toEqual([201, { categoryId: 7, categoryName: 'Mobile apps' }])
  expect(control.getSnapshot().quotaUsed).toBe(2)
  const warnings = said.filter((line) => line.startsWith('[artefact-mock]'))
  expect(warnings).toHaveLength(1)
  expect(warnings[0]).toContain('two msw servers (setupServer) run in this test process')
  expect(warnings[0]).toContain('setupFiles')
  expect(said.join('\n')).not.toContain('Body is unusable')
})
