import { expect, test } from 'vitest'
import { createControl } from './control.ts'
import { defineScenario, UnknownScenario } from './scenarios.ts'

const mine = defineScenario({ id: 'mine', title: 'Mine', description: 'A scenario of my own.', settings: { quota: 7 } })

test('fork makes a control as this one was made, in the scenario named, with a store and a clock of its own', async () => {
  let wall = 1_000_000
  const control = createControl({ quota: 3, scenarios: [mine], now: () => wall })
  await control.useScenario('maintenance')
  const fork = control.fork('default')
  expect(fork.getSnapshot()).toMatchObject({ scenario: 'default', settings: { quota: 3, maintenance: false } })
  expect(fork.store).not.toBe(control.store)
  expect(control.fork('mine').settings.quota).toBe(7)

  control.clock.advance(60_000)
  expect(fork.now()).toBe(1_000_000)
  fork.clock.advance(5_000)
  wall += 1
  expect([control.now(), fork.now()]).toEqual([1_060_001, 1_005_001])
})

test('fork with an unknown id throws, naming the known ids', () => {
  expect(() => createControl().fork('nope')).toThrow(UnknownScenario)
})
