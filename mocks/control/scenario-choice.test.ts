import { afterEach, describe, expect, test, vi } from 'vitest'
import { CHOICE_KEY, type ChoiceStorage, chooseScenario, readChoice } from './scenario-choice.ts'
import { scenarioRegistry } from './scenarios.ts'

const registry = scenarioRegistry()

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the scenario a page starts in', () => {
  test('is the default when the page asks for none and none is remembered', () => {
    expect(chooseScenario(null, null, registry)).toEqual({ id: 'default', changed: false })
  })

  test('is the one the page asks for anew, replacing what was created under another', () => {
    expect(chooseScenario('empty', null, registry)).toEqual({ id: 'empty', changed: true })
    expect(chooseScenario('empty', { id: 'maintenance', asked: null }, registry)).toEqual({
      id: 'empty',
      changed: true,
    })
    expect(chooseScenario('empty', { id: 'maintenance', asked: 'many' }, registry)).toEqual({
      id: 'empty',
      changed: true,
    })
    // Opened anew, a link gives its scenario's state even where the browser is in that scenario.
    expect(chooseScenario('empty', { id: 'empty', asked: null }, registry)).toEqual({ id: 'empty', changed: true })
  })

  test('stays the remembered one when the page asks for what it asked before, or for nothing', () => {
    expect(chooseScenario('empty', { id: 'maintenance', asked: 'empty' }, registry)).toEqual({
      id: 'maintenance',
      changed: false,
    })
    expect(chooseScenario(null, { id: 'maintenance', asked: 'empty' }, registry)).toEqual({
      id: 'maintenance',
      changed: false,
    })
  })

  test('drops a remembered id that names no scenario any more, with a warning, and clears what it held', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(chooseScenario(null, { id: 'retired', asked: null }, registry)).toEqual({ id: 'default', changed: true })
    expect(warn.mock.calls[0]?.[0]).toMatch(/^\[artefact-mock\] the remembered scenario "retired" is no longer defined/)
  })
})

describe('the remembered choice', () => {
  const storageWith = (value: string): ChoiceStorage & { map: Map<string, string> } => {
    const map = new Map([[CHOICE_KEY, value]])
    return {
      map,
      getItem: (key) => map.get(key) ?? null,
      setItem: (key, next) => map.set(key, next),
      removeItem: (key) => map.delete(key),
    }
  }

  test('is read back as it was written', () => {
    expect(readChoice(storageWith('{"id":"empty","asked":null}'))).toEqual({ id: 'empty', asked: null })
  })

  test('is removed when it is not JSON of a choice', () => {
    for (const raw of ['{', '"empty"', '{"id":3,"asked":null}']) {
      const storage = storageWith(raw)
      expect(readChoice(storage)).toBeNull()
      expect(storage.map.has(CHOICE_KEY)).toBe(false)
    }
  })
})
