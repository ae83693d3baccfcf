import { http, HttpResponse } from 'msw'
import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { ARTEFACT, expectError, ORIGIN, SEED, startMock } from '../testing/support.ts'

/** A plain handler registered after the mock's: it answers whatever the mock let through. */
const passedThrough = () => [
  http.all('*', ({ request }) => HttpResponse.json({ passedThrough: request.url }, { status: 299 })),
]

const reachedNetwork = async (response: Response, url: string) => {
  expect(response.status).toBe(299)
  expect(await response.json()).toStrictEqual({ passedThrough: url })
}

describe('without baseUrl', () => {
  test.each([ORIGIN, 'https://api.example.test', 'http://localhost:5173'])(
    'answers on the origin %s',
    async (origin) => {
      const mock = startMock()
      expect((await mock.api(`${origin}${ARTEFACT}/${SEED.published}`)).status).toBe(200)
      await expectError(await mock.api(`${origin}/v3/preview-upcoming/nothing`), 404)
    },
  )

  test.each([
    '/v3/other',
    '/v3/preview-upcoming-next/resources/artefact',
    '/V3/preview-upcoming/resources/artefact',
    '/',
  ])('lets %s pass through', async (path) => {
    const mock = startMock({ extraHandlers: passedThrough(), onUnhandledFrame: 'bypass' })
    await reachedNetwork(await mock.api(path), `${ORIGIN}${path}`)
  })

  test('leaves a request outside the prefix unhandled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // msw's own report of the unhandled request
    onTestFinished(() => {
      vi.restoreAllMocks()
    })
    const mock = startMock({ onUnhandledFrame: 'error' })
    await expect(mock.api('/elsewhere')).rejects.toThrow()
  })

  test('lets a request outside the prefix through even in maintenance mode', async () => {
    const mock = startMock({ maintenance: true, extraHandlers: passedThrough(), onUnhandledFrame: 'bypass' })
    await reachedNetwork(await mock.api('/health'), `${ORIGIN}/health`)
  })
})

describe('with an origin as baseUrl', () => {
  const baseUrl = 'https://api.example.test'

  test('answers on that origin with self links on it', async () => {
    const mock = startMock({ baseUrl })
    const body = await (await mock.api(`${baseUrl}${ARTEFACT}/${SEED.published}`)).json()
    expect(body.links).toStrictEqual([{ href: `${baseUrl}${ARTEFACT}/${SEED.published}`, rel: 'self', type: 'GET' }])
  })

  test('lets other origins pass through, even under the prefix', async () => {
    const mock = startMock({ baseUrl, extraHandlers: passedThrough(), onUnhandledFrame: 'bypass' })
    for (const url of [
      `${ORIGIN}${ARTEFACT}/${SEED.published}`,
      'http://api.example.test/v3/preview-upcoming/nothing',
      `${baseUrl}:8443${ARTEFACT}`,
    ]) {
      await reachedNetwork(await mock.api(url, { method: 'POST', body: '{}' }), url)
    }
  })

  test('lets a path outside the prefix on that origin pass through', async () => {
    const mock = startMock({ baseUrl, extraHandlers: passedThrough(), onUnhandledFrame: 'bypass' })
    await reachedNetwork(await mock.api(`${baseUrl}/v2/resources/artefact`), `${baseUrl}/v2/resources/artefact`)
  })

  test('answers 404 and 405 under the prefix on that origin', async () => {
    const mock = startMock({ baseUrl })
    await expectError(await mock.api(`${baseUrl}/v3/preview-upcoming/nothing`), 404)
    await expectError(await mock.api(`${baseUrl}${ARTEFACT}`, { method: 'DELETE' }), 405)
  })
})

describe('with an origin and a path as baseUrl', () => {
  const baseUrl = `${ORIGIN}/api/`

  test('answers under the path with self links under it', async () => {
    const mock = startMock({ baseUrl })
    const body = await (await mock.api(`${ORIGIN}/api${ARTEFACT}/${SEED.published}`)).json()
    expect(body.links[0].href).toBe(`${ORIGIN}/api${ARTEFACT}/${SEED.published}`)
    await expectError(await mock.api(`${ORIGIN}/api/v3/preview-upcoming/nothing`), 404)
  })

  test('lets the bare prefix without the path pass through', async () => {
    const mock = startMock({ baseUrl, extraHandlers: passedThrough(), onUnhandledFrame: 'bypass' })
    await reachedNetwork(await mock.api(`${ARTEFACT}/${SEED.published}`), `${ORIGIN}${ARTEFACT}/${SEED.published}`)
  })
})

describe('with a path as baseUrl', () => {
  test('answers under the path on any origin, with self links on the request origin', async () => {
    const mock = startMock({ baseUrl: '/api' })
    const url = `https://other.example.test/api${ARTEFACT}/${SEED.published}`
    const body = await (await mock.api(url)).json()
    expect(body.links[0].href).toBe(url)
  })

  test('lets a request outside the path pass through', async () => {
    const mock = startMock({ baseUrl: '/api', extraHandlers: passedThrough(), onUnhandledFrame: 'bypass' })
    await reachedNetwork(await mock.api(`${ARTEFACT}/${SEED.published}`), `${ORIGIN}${ARTEFACT}/${SEED.published}`)
  })
})
