import { getResponse } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { createControl, createHandlers } from '#mocks/internal.ts'
import { memoryStorage } from './memory-storage.test-support.ts'
import type { RealAnswer } from './real-service.ts'
import {
  installSavedScenarios,
  readSavedScenarios,
  removeSaved,
  SAVED_SCENARIOS_KEY,
  saveAnswer,
  whyNotSaved,
} from './saved-scenarios.ts'

const PATH = '/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'
const GET = `http://app.test${PATH}`

/** A clean real answer: the mock's own answer to the same GET, as the real service would send it. */
async function cleanAnswer(overrides: Partial<RealAnswer> = {}): Promise<RealAnswer> {
  const response = await getResponse(createHandlers(), new Request(GET, { headers: { Accept: 'application/json' } }))
  const body = JSON.stringify({ ...(await response!.json()), title: 'As the real service has it' })
  return {
    id: 'request-1',
    at: Date.UTC(2026, 10, 27, 12, 0, 0),
    operation: 'getArtefact',
    method: 'GET',
    url: `https://staging.example.test${PATH}`,
    path: PATH,
    status: 200,
    contentType: 'application/json',
    body,
    failure: null,
    findings: [],
    ...overrides,
  }
}

const read = (control: ReturnType<typeof createControl>) =>
  getResponse(createHandlers({ control }), new Request(GET, { headers: { Accept: 'application/json' } }))

describe('Save as scenario override', () => {
  test('makes a scenario whose override answers the recorded status and body, kept in storage', async () => {
    const storage = memoryStorage()
    const control = createControl()
    const answer = await cleanAnswer()
    const result = saveAnswer(control, storage, answer)
    expect(result).toMatchObject({
      ok: true,
      saved: { id: 'recorded-get-artefact-1', title: 'Recorded getArtefact 200 #1' },
    })
    expect(control.scenarios.at(-1)?.description).toMatch(
      /^getArtefact answers the 200 the real service gave to GET \/v3\//,
    )
    await control.useScenario('recorded-get-artefact-1')
    const response = await read(control)
    expect(response?.status).toBe(200)
    expect(await response?.text()).toBe(answer.body)
    expect(response?.headers.get('X-Mock-Scenario')).toBe('recorded-get-artefact-1')
    expect(readSavedScenarios(storage).map((saved) => saved.id)).toEqual(['recorded-get-artefact-1'])
    // A second one gets an id of its own.
    expect(saveAnswer(control, storage, answer)).toMatchObject({ ok: true, saved: { id: 'recorded-get-artefact-2' } })
  })

  test('refuses an answer with findings, or none at all, saying why', async () => {
    const finding = {
      operation: 'getArtefact',
      kind: 'missing' as const,
      pointer: '/title',
      expected: 'string',
      actual: 'absent',
      severity: 'error' as const,
      side: 'response' as const,
      example: { method: 'GET', path: PATH, status: 200 },
    }
    const withFinding = await cleanAnswer({ findings: [finding] })
    expect(whyNotSaved(withFinding)).toMatch(/It has a finding: only an answer that passes the schema check/)
    expect(whyNotSaved(await cleanAnswer({ status: null, failure: 'refused' }))).toMatch(/No answer came/)
    const control = createControl()
    expect(saveAnswer(control, memoryStorage(), withFinding)).toMatchObject({ ok: false })
    expect(control.scenarios).toHaveLength(9)
  })

  test('what is read back is validated and checked again: anything else is dropped with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const good = saveAnswer(createControl(), memoryStorage(), await cleanAnswer())
    if (!good.ok) throw new Error(good.reason)
    const { saved } = good
    const stored = [
      saved,
      { ...saved, id: 'recorded-evil', body: '{"title":1}' },
      { ...saved, id: 'Not a slug' },
      { ...saved, id: 'recorded-unknown-op', operation: 'deleteEverything' },
      { ...saved, id: 'recorded-status', status: 99 },
      JSON.parse('{"__proto__":{"polluted":true}}'),
      'text',
    ]
    const storage = memoryStorage({ [SAVED_SCENARIOS_KEY]: JSON.stringify(stored) })
    expect(readSavedScenarios(storage).map((one) => one.id)).toEqual([saved.id])
    expect(JSON.parse(storage.getItem(SAVED_SCENARIOS_KEY) ?? '[]')).toHaveLength(1)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[artefact-mock\] /))
    expect(readSavedScenarios(memoryStorage({ [SAVED_SCENARIOS_KEY]: '{not json' }))).toEqual([])
    warn.mockRestore()
  })

  test('installing adds the stored ones the control lacks; removing takes one out of both, in use or not', async () => {
    const storage = memoryStorage()
    saveAnswer(createControl(), storage, await cleanAnswer())
    const control = createControl()
    installSavedScenarios(control, storage)
    installSavedScenarios(control, storage)
    expect(control.scenarios.map((scenario) => scenario.id).filter((id) => id.startsWith('recorded-'))).toEqual([
      'recorded-get-artefact-1',
    ])
    await control.useScenario('recorded-get-artefact-1')
    await removeSaved(control, storage, 'recorded-get-artefact-1')
    expect(control.scenario.id).toBe('default')
    expect(readSavedScenarios(storage)).toEqual([])
    expect((await read(control))?.headers.get('X-Mock-Scenario')).toBe('default')
  })
})
