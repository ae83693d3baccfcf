import type { Page } from '@playwright/test'
import { expect, test, waitForMock } from './fixtures.ts'

const BASE = '/v3/preview-upcoming/resources'

/** Sends one request from the page (so through the service worker) and waits for its answer. */
async function call(page: Page, path: string, init: { method?: string; body?: unknown; query?: string } = {}) {
  const url = `${BASE}${path}${init.query ?? ''}`
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(url)),
    page.evaluate(
      async ({ url, method, body }) => {
        await fetch(url, {
          method,
          headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      },
      { url, method: init.method ?? 'GET', body: init.body },
    ),
  ])
  return response
}

test('runs the three operations through the service worker and reads them back after a reload', async ({
  explorerPage,
  page,
}) => {
  void explorerPage
  const category = await call(page, '/artefactcategory', { method: 'POST', body: { name: 'Mobile apps' } })
  expect(category.fromServiceWorker()).toBe(true)
  expect(category.status()).toBe(201)
  expect(await category.json()).toEqual({ categoryId: 7, categoryName: 'Mobile apps' })

  const created = await call(page, '/artefact', {
    method: 'POST',
    query: '?isDraft=true',
    body: {
      title: 'Use the widget',
      category: { id: 7 },
      content: [{ mediaType: 'text/html', text: '<p>Tap &amp; hold</p>' }],
    },
  })
  expect(created.fromServiceWorker()).toBe(true)
  expect(created.status()).toBe(200)
  const { responseId, hasErrors } = await created.json()
  expect(hasErrors).toBe(false)

  const read = await call(page, `/artefact/${responseId}`)
  expect(read.fromServiceWorker()).toBe(true)
  expect(read.status()).toBe(200)
  expect(read.headers()['x-artefact-status']).toBe('draft')

  await page.reload()
  await waitForMock(page)

  const again = await call(page, `/artefact/${responseId}`)
  expect(again.status()).toBe(200)
  const artefact = await again.json()
  expect(artefact).toMatchObject({
    id: responseId,
    title: 'Use the widget',
    simpleContent: 'Tap & hold',
    category: { id: 7, name: 'Mobile apps' },
  })
  expect(again.headers()['x-artefact-status']).toBe('draft')
  // The category survived the reload too: its name is still taken, and ids go on from 8.
  const taken = await call(page, '/artefactcategory', { method: 'POST', body: { name: 'mobile APPS' } })
  expect(taken.status()).toBe(422)
  const next = await call(page, '/artefactcategory', { method: 'POST', body: { name: 'Tablets' } })
  expect(await next.json()).toEqual({ categoryId: 8, categoryName: 'Tablets' })
})

test('answers an error status from the worker with the Error body and its reason', async ({ explorerPage, page }) => {
  void explorerPage
  const response = await call(page, '/artefact/not-a-uuid')
  expect(response.fromServiceWorker()).toBe(true)
  expect(response.status()).toBe(400)
  expect(await response.json()).toStrictEqual({ errorCode: '400', message: 'Bad Request' })
  expect(response.headers()['x-mock-reason']).toContain('not a UUID')
})

test("msw's background update of the worker failing is a warning, not an uncaught error (mswjs/msw#2006)", async ({
  explorerPage,
  page,
}) => {
  void explorerPage
  // A reload while msw's unawaited registration.update() runs rejects it like this (seen in CI).
  const warned = page.waitForEvent(
    'console',
    (message) => message.type() === 'warning' && message.text().includes('Failed to update a ServiceWorker'),
  )
  await page.evaluate(() => {
    void Promise.reject(
      new TypeError(
        "Failed to update a ServiceWorker for scope ('/') with script ('/mockServiceWorker.js'): Not found",
      ),
    )
  })
  await warned
  // The fixture fails the test on any uncaught error, so this one did not become one.
  expect((await call(page, '/artefact/0a1e0001-5c0f-4a11-9c00-000000000001')).status()).toBe(200)
})
