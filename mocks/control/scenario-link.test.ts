import { describe, expect, test } from 'vitest'
import { DEFAULT_SETTINGS, SettingsError } from './control.ts'
import { readScenarioParams, scenarioLink, settingsOnTop, withoutScenarioParams } from './scenario-link.ts'
import { scenarioOf, scenarioRegistry } from './scenarios.ts'

const maintenance = scenarioOf(scenarioRegistry(), 'maintenance')
const search = (settings: string) => `?mock-scenario=maintenance&mock-settings=${encodeURIComponent(settings)}`

describe('reading a page URL', () => {
  test('reads the scenario and the settings on top of it', () => {
    expect(readScenarioParams(search('{"retryAfterSeconds":5,"quota":null}'))).toEqual({
      scenario: 'maintenance',
      settings: { retryAfterSeconds: 5, quota: null },
    })
    expect(readScenarioParams('?op=getArtefact')).toEqual({ scenario: null, settings: null })
  })

  test('refuses settings the schema refuses, naming the parameter and the field', () => {
    expect(() => readScenarioParams(search('{"retryAfterSeconds":-1}'))).toThrow(SettingsError)
    expect(() => readScenarioParams(search('{"retryAfterSeconds":-1}'))).toThrow(
      /mock-settings\.retryAfterSeconds: must be an integer from 0 to 86400/,
    )
    expect(() => readScenarioParams(search('{"latency":{"mode":"range","minMs":900,"maxMs":10}}'))).toThrow(
      /minMs must not exceed maxMs/,
    )
    expect(() => readScenarioParams(search('maintenance'))).toThrow(/mock-settings: is not JSON/)
  })

  test('drops keys that are no setting, a __proto__ key included, and leaves Object.prototype alone', () => {
    const { settings } = readScenarioParams(
      search('{"__proto__":{"polluted":true},"spec":"https://evil.test","quota":3}'),
    )
    expect(settings).toEqual({ quota: 3 })
    expect(Object.getPrototypeOf(settings)).toBe(Object.prototype)
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })
})

describe('a link to a scenario', () => {
  test('carries only the settings changed on top of the scenario', () => {
    expect(settingsOnTop({ ...DEFAULT_SETTINGS, maintenance: true }, maintenance)).toEqual({})
    expect(settingsOnTop({ ...DEFAULT_SETTINGS, maintenance: false, quota: 2 }, maintenance)).toEqual({
      maintenance: false,
      quota: 2,
    })
    expect(
      settingsOnTop(
        { ...DEFAULT_SETTINGS, latency: { mode: 'range', minMs: 1500, maxMs: 4000 } },
        {
          settings: { latency: { mode: 'range', minMs: 1500, maxMs: 4000 } },
        },
      ),
    ).toEqual({})
  })

  test('is read back as the same scenario and settings, keeping the page’s other parameters', () => {
    const link = scenarioLink('http://localhost:5173/?op=getArtefact&mock-settings=%7B%7D', 'maintenance', {
      retryAfterSeconds: 5,
      rateLimit: { calls: 1, windowSeconds: 60 },
    })
    const url = new URL(link)
    expect(url.searchParams.get('op')).toBe('getArtefact')
    expect(readScenarioParams(url.search)).toEqual({
      scenario: 'maintenance',
      settings: { retryAfterSeconds: 5, rateLimit: { calls: 1, windowSeconds: 60 } },
    })
    expect(new URL(scenarioLink(link, 'empty', {})).searchParams.has('mock-settings')).toBe(false)
    expect(withoutScenarioParams(link)).toBe('http://localhost:5173/?op=getArtefact')
  })
})
