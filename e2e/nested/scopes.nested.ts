// Two tests that run at once, in two workers, against one HTTP-mode server: each sees only its own data.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../../mocks/playwright.ts'

const SERVER = process.env.MOCK_SERVER ?? 'http://127.0.0.1:8787'
const RESOURCES = `${SERVER}/v3/preview-upcoming/resources`
const SEEDED = '0a1e0001-5c0f-4a11-9c00-000000000001'
const BARRIER = process.env.BARRIER_DIR ?? '.'

test.use({ mockServer: SERVER })

/** Says this test got to `step` (with a value), then waits for the other one to get there too; returns its value. */
async function meet(step: string, me: string, other: string, value: string): Promise<string> {
  writeFileSync(join(BARRIER, `${me}-${step}`), value)
  const theirs = join(BARRIER, `${other}-${step}`)
  await expect.poll(() => existsSync(theirs), { timeout: 60_000, message: `${other} never reached ${step}` }).toBe(true)
  return readFileSync(theirs, 'utf8')
}

/** The app, on an origin of its own as a dev server would be: its calls to the server are cross-origin. */
async function openApp(page: Page): Promise<void> {
  await page.goto(process.env.APP_URL ?? 'http://127.0.0.1:5173/')
}

interface Answer {
  status: number
  scenario: string | null
  retryAfter: string | null
  body: Record<string, unknown>
}

function call(page: Page, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ url, body }) => {
      const response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      })
      return {
        status: response.status,
        scenario: response.headers.get('X-Mock-Scenario'),
        retryAfter: response.headers.get('Retry-After'),
        body: (await response.json()) as Record<string, unknown>,
      }
    },
    { url: `${RESOURCES}${path}`, body },
  )
}

/** Creates the category every test names the same, and an artefact; returns the artefact's id. */
async function create(page: Page, title: string): Promise<string> {
  expect((await call(page, '/artefactcategory', { name: 'Made by a parallel test' })).status).toBe(201)
  const created = await call(page, '/artefact', { title })
  expect(created.status).toBe(200)
  return String(created.body.responseId)
}

test.describe('a new customer', () => {
  test.use({ mockScenario: 'empty' })

  test('A: its own scope, in the empty scenario', async ({ page, mock }) => {
    expect(mock.scope).toMatch(/^pw-/)
    expect((await mock.snapshot()).scenario).toBe('empty')
    await openApp(page)
    const missing = await call(page, `/artefact/${SEEDED}`)
    expect({ status: missing.status, scenario: missing.scenario }).toEqual({ status: 404, scenario: 'empty' })

    const mine = await create(page, 'Made by A')
    const theirs = await meet('created', 'a', 'b', mine)
    expect((await call(page, `/artefact/${theirs}`)).status).toBe(404)
    expect((await call(page, `/artefact/${mine}`)).status).toBe(200)
    await meet('switched', 'a', 'b', '')
    // B switched its scope to rate-limited: this one is still empty, and unlimited.
    for (let i = 0; i < 3; i++) expect((await call(page, `/artefact/${mine}`)).scenario).toBe('empty')

    await mock.reset()
    expect((await mock.snapshot()).scenario).toBe('empty')
    expect((await call(page, `/artefact/${mine}`)).status).toBe(404)
  })
})

test('B: its own scope, switched and clocked', async ({ page, mock }) => {
  await openApp(page)
  expect((await call(page, `/artefact/${SEEDED}`)).scenario).toBe('default')
  const mine = await create(page, 'Made by B')
  const theirs = await meet('created', 'b', 'a', mine)
  expect((await call(page, `/artefact/${theirs}`)).status).toBe(404)

  await mock.useScenario('rate-limited')
  await meet('switched', 'b', 'a', '')
  expect((await call(page, `/artefact/${SEEDED}`)).status).toBe(200)
  const limited = await call(page, `/artefact/${SEEDED}`)
  expect({ status: limited.status, scenario: limited.scenario, retryAfter: limited.retryAfter }).toEqual({
    status: 429,
    scenario: 'rate-limited',
    retryAfter: '60',
  })
  await mock.clock.advance(60_000)
  expect((await call(page, `/artefact/${SEEDED}`)).status).toBe(200)
  expect((await mock.snapshot()).scenario).toBe('rate-limited')
})
