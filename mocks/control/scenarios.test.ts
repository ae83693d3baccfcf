import { describe, expect, test } from 'vitest'
import { seedCategories } from '../data/categories.ts'
import { StoredArtefact } from '../schemas/resources.ts'
import {
  BUILT_IN_SCENARIOS,
  defineScenario,
  generatedArtefact,
  type ScenarioCall,
  scenarioAnswer,
  scenarioOf,
  scenarioRegistry,
  UnknownScenario,
} from './scenarios.ts'

const call = (n: number, total = n): ScenarioCall => ({ n, total, request: new Request('http://x.test/') })

describe('the registry', () => {
  test('holds the built-in scenarios of contract §12 by their ids', () => {
    expect([...scenarioRegistry().keys()]).toEqual([
      'default',
      'empty',
      'many',
      'drafts',
      'maintenance',
      'quota-exhausted',
      'rate-limited',
      'slow-network',
      'flaky',
    ])
  })

  test('an unknown id throws, naming every known id', () => {
    const registry = scenarioRegistry([{ id: 'new-customer', title: 'New', description: 'Nothing yet.' }])
    expect(() => scenarioOf(registry, 'emtpy')).toThrow(UnknownScenario)
    expect(() => scenarioOf(registry, 'emtpy')).toThrow(/"emtpy".*known: default, empty, .*new-customer/)
  })

  test('refuses an id that is not a kebab-case slug, a missing description, and a reused id', () => {
    expect(() => defineScenario({ id: 'Quota Spent', title: 'x', description: 'y' })).toThrow(/kebab-case/)
    expect(() => defineScenario({ id: 'quota-spent', title: 'x', description: ' ' })).toThrow(/description/)
    expect(() => scenarioRegistry([{ id: 'empty', title: 'Mine', description: 'Mine.' }])).toThrow(/two scenarios/)
  })
})

describe('answers', () => {
  test('a sequence answers call n with its nth answer and repeats the last: a 503, then the mock', () => {
    const retry = defineScenario({
      id: 'retry-once',
      title: 'Retry once',
      description: 'The first read fails.',
      overrides: { getArtefact: [{ status: 503 }, 'mock'] },
    })
    expect([1, 2, 3].map((n) => scenarioAnswer(retry, 'getArtefact', call(n)))).toEqual([
      { status: 503 },
      'mock',
      'mock',
    ])
    expect(scenarioAnswer(retry, 'createArtefact', call(1))).toBe('mock')
  })

  test('flaky fails a seeded fifth of calls, the same calls every time', () => {
    const flaky = BUILT_IN_SCENARIOS.find((s) => s.id === 'flaky')!
    const failing = (ops: string[]) =>
      Array.from({ length: 1000 }, (_, i) => i + 1).filter(
        (total, i) => scenarioAnswer(flaky, ops[i % ops.length]!, call(1, total)) !== 'mock',
      )
    const first = failing(['getArtefact'])
    expect(failing(['createArtefact', 'createCategory'])).toEqual(first)
    expect(first.length).toBeGreaterThan(150)
    expect(first.length).toBeLessThan(250)
  })
})

describe('data', () => {
  test('many adds 5,000 valid artefacts with distinct fixed ids and dates', () => {
    const many = BUILT_IN_SCENARIOS.find((s) => s.id === 'many')!
    const { artefacts } = many.data!({ artefacts: [], categories: seedCategories })
    expect(artefacts).toHaveLength(5000)
    expect(new Set(artefacts.map((r) => r.artefact.id)).size).toBe(5000)
    for (const record of [artefacts[0], artefacts[4999]]) expect(StoredArtefact.safeParse(record).success).toBe(true)
    expect(generatedArtefact(7, seedCategories)).toEqual(artefacts[6])
  })

  test('drafts marks every artefact a draft and keeps the rest', () => {
    const drafts = BUILT_IN_SCENARIOS.find((s) => s.id === 'drafts')!
    const base = { artefacts: [generatedArtefact(1, seedCategories)], categories: seedCategories }
    const { artefacts, categories } = drafts.data!(base)
    expect(artefacts.map((r) => r.isDraft)).toEqual([true])
    expect(categories).toBe(seedCategories)
    expect(base.artefacts[0]?.isDraft).toBe(false)
  })
})
