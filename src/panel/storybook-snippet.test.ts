/**
 * The README's Storybook snippets (msw-storybook-addon 3), run in Node. The addon's
 * default set-up starts a browser worker (msw/browser does not load in Node), so each
 * snippet is given msw/node's server instead; the rest is the snippet as written.
 */
import addonMsw from 'msw-storybook-addon'
import { type MswParameter, mswLoader } from 'msw-storybook-addon/csf3'
import type { SetupWorker } from 'msw/browser'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createHandlers, handlers } from '#mocks/index.ts'

const server = setupServer()
const asWorker = () => server as unknown as SetupWorker
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const ARTEFACT = 'https://api.example.test/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'

type LoaderContext = Parameters<ReturnType<typeof mswLoader>>[0]

// CSF 3: .storybook/preview.ts, and a story's own parameters.
const preview = {
  loaders: [mswLoader(asWorker)],
  parameters: { msw: { handlers } satisfies MswParameter },
}
const UnderMaintenance = {
  parameters: { msw: { handlers: createHandlers({ maintenance: true }) } satisfies MswParameter },
}

test('CSF 3: the loader installs our handlers from parameters.msw.handlers', async () => {
  await preview.loaders[0]!({ parameters: preview.parameters } as unknown as LoaderContext)
  const response = await fetch(ARTEFACT)
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ title: 'Reset your password' })
})

test('CSF 3: a story overrides them with handlers of its own', async () => {
  await preview.loaders[0]!({ parameters: UnderMaintenance.parameters } as unknown as LoaderContext)
  expect((await fetch(ARTEFACT)).status).toBe(503)
})

test('CSF Next: the addon puts the worker on the context, and beforeEach uses our handlers', async () => {
  // definePreview({ addons: [addonMsw()], beforeEach({ msw }) { msw.use(...handlers) } })
  const addon = addonMsw(asWorker) as { beforeEach?: (context: { msw?: SetupWorker }) => Promise<unknown> }
  const beforeEach = ({ msw }: { msw: SetupWorker }) => msw.use(...handlers)
  const context: { msw?: SetupWorker } = {}
  await addon.beforeEach!(context)
  beforeEach({ msw: context.msw! })
  expect((await fetch(ARTEFACT)).status).toBe(200)
})
