import { expect, test } from 'vitest'
import { createControl } from './control.ts'
import { switchableControl } from './switchable-control.ts'

test('calls go to the control in use, and its listeners hear of a replacement', async () => {
  const switchable = switchableControl(createControl())
  const { control } = switchable
  const heard: string[] = []
  control.subscribe(() => heard.push(control.getSnapshot().scenario))
  const set = control.set
  switchable.replace(createControl({ scenario: 'maintenance' }))
  expect(control.scenario.id).toBe('maintenance')
  expect(control.settings.maintenance).toBe(true)
  expect(heard).toEqual(['maintenance'])

  // A method taken before the replacement steers the control in use.
  set({ retryAfterSeconds: 5 })
  expect(switchable.current().settings.retryAfterSeconds).toBe(5)
  await control.useScenario('empty')
  expect(control.store.getSnapshot().artefacts).toEqual([])
  expect(heard.at(-1)).toBe('empty')
})

test('a header naming the scenario in use is answered by the switchable control itself', () => {
  const switchable = switchableControl(createControl({ scenario: 'empty' }))
  expect(switchable.control.forScenario('empty')).toBe(switchable.control)
  expect(switchable.control.forScenario('maintenance').scenario.id).toBe('maintenance')
})
