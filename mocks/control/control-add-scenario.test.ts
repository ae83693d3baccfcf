import { expect, test } from 'vitest'
import { createHandlers } from '../handlers/create-handlers.ts'
import { getResponse } from 'msw'
import { createControl } from './control.ts'
import { defineScenario, UnknownScenario } from './scenarios.ts'

const recorded = defineScenario({
  id: 'recorded-get-artefact',
  title: 'Recorded getArtefact',
  description: 'getArtefact answers a recorded body.',
  overrides: {
    getArtefact: () =>
      new Response('{"recorded":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
  },
})
const GET = 'http://x.test/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000001'

test('a scenario added while the mock runs is listed, usable, answered by its override and tells listeners', async () => {
  const control = createControl()
  let told = 0
  control.subscribe(() => {
    told += 1
  })
  control.addScenario(recorded)
  expect(told).toBe(1)
  expect(control.scenarios.at(-1)).toEqual({
    id: 'recorded-get-artefact',
    title: 'Recorded getArtefact',
    description: 'getArtefact answers a recorded body.',
  })
  await control.useScenario('recorded-get-artefact')
  const response = await getResponse(
    createHandlers({ control }),
    new Request(GET, { headers: { Accept: 'application/json' } }),
  )
  expect(await response?.json()).toEqual({ recorded: true })
  expect(response?.headers.get('X-Mock-Scenario')).toBe('recorded-get-artefact')
  expect(control.fork('recorded-get-artefact').scenario.id).toBe('recorded-get-artefact')
})

test('adding an id already known throws and changes nothing', () => {
  const control = createControl()
  control.addScenario(recorded)
  expect(() => control.addScenario(recorded)).toThrow(/two scenarios have the id/)
  expect(() => control.addScenario({ ...recorded, id: 'empty' })).toThrow(/two scenarios have the id/)
  expect(() => control.addScenario({ ...recorded, id: 'Not A Slug' })).toThrow(/kebab-case/)
  expect(control.scenarios.filter((s) => s.id === 'recorded-get-artefact')).toHaveLength(1)
})

test('removing the scenario in use goes back to default first; a built-in one cannot be removed', async () => {
  const control = createControl({ scenarios: [recorded] })
  await control.useScenario('recorded-get-artefact')
  await control.removeScenario('recorded-get-artefact')
  expect(control.scenario.id).toBe('default')
  expect(control.scenarios.map((s) => s.id)).not.toContain('recorded-get-artefact')
  await expect(control.useScenario('recorded-get-artefact')).rejects.toThrow(UnknownScenario)
  await expect(control.removeScenario('empty')).rejects.toThrow(/built-in/)
  await expect(control.removeScenario('nope')).rejects.toThrow(UnknownScenario)
})
