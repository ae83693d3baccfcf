/**
 * A scenario as a link (contract §12): the URL parameters of the page that starts the browser
 * mock, read and written in one place. Nothing in a URL is trusted: the scenario id is checked
 * against the registry by whoever starts the mock, the settings here against the settings schema.
 */
import * as z from 'zod/mini'
import { ENGLISH } from '../schemas/english.ts'
import type { Scenario } from './scenarios.ts'
import { checkSettings, DEFAULT_SETTINGS, MockSettings, SettingsError } from './settings.ts'

/** `?mock-scenario=<id>`: the scenario the page's mock starts in. */
export const SCENARIO_PARAM = 'mock-scenario'
/** `?mock-settings=<JSON>`: settings changed on top of that scenario, e.g. `{"retryAfterSeconds":5}`. */
export const SETTINGS_PARAM = 'mock-settings'

const SettingsPatch = z.partial(MockSettings)

/** What a page's URL asks of the mock; null where it asks nothing. */
export interface ScenarioParams {
  scenario: string | null
  settings: Partial<MockSettings> | null
}

/**
 * Reads `?mock-scenario` and `?mock-settings` from a query string. Settings the schema refuses
 * (or that are not JSON) throw a `SettingsError` naming each wrong field; unknown keys are dropped.
 *
 * @example
 * readScenarioParams('?mock-scenario=maintenance&mock-settings=%7B%22retryAfterSeconds%22%3A5%7D')
 * // { scenario: 'maintenance', settings: { retryAfterSeconds: 5 } }
 */
export function readScenarioParams(search: string): ScenarioParams {
  const params = new URLSearchParams(search)
  const scenario = params.get(SCENARIO_PARAM)?.trim() || null
  const raw = params.get(SETTINGS_PARAM)
  if (raw === null || raw.trim() === '') return { scenario, settings: null }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw new SettingsError([{ path: [SETTINGS_PARAM], message: 'is not JSON' }])
  }
  const parsed = SettingsPatch.safeParse(value, ENGLISH)
  if (!parsed.success) {
    throw new SettingsError(
      parsed.error.issues.map(({ path, message }) => ({ path: [SETTINGS_PARAM, ...path], message })),
    )
  }
  return { scenario, settings: parsed.data }
}

/** A scenario's own settings: the defaults with the scenario's on top. */
export const settingsOfScenario = (scenario: Pick<Scenario, 'settings'>): MockSettings =>
  checkSettings({ ...DEFAULT_SETTINGS, ...scenario.settings })

/**
 * The settings that differ from the scenario's own: what a link carries beside the scenario's id.
 *
 * @example
 * settingsOnTop({ ...DEFAULT_SETTINGS, maintenance: true, retryAfterSeconds: 5 }, maintenanceScenario)
 * // { retryAfterSeconds: 5 }
 */
export function settingsOnTop(settings: MockSettings, scenario: Pick<Scenario, 'settings'>): Partial<MockSettings> {
  const own = settingsOfScenario(scenario)
  const changed: Partial<MockSettings> = {}
  for (const key of Object.keys(own) as Array<keyof MockSettings>) {
    // Both went through the schema, so their keys come in the same order.
    if (JSON.stringify(settings[key]) !== JSON.stringify(own[key])) Object.assign(changed, { [key]: settings[key] })
  }
  return changed
}

/**
 * `href` with the parameters that reproduce a scenario and the settings on top of it (its other
 * parameters kept): opened in a fresh browser, the page's mock starts in that state.
 *
 * @example
 * scenarioLink('http://localhost:5173/?tab=log', 'maintenance', { retryAfterSeconds: 5 })
 * // 'http://localhost:5173/?tab=log&mock-scenario=maintenance&mock-settings=%7B%22retryAfterSeconds%22%3A5%7D'
 */
export function scenarioLink(href: string, scenario: string, onTop: Partial<MockSettings>): string {
  const url = new URL(href)
  url.searchParams.set(SCENARIO_PARAM, scenario)
  if (Object.keys(onTop).length > 0) url.searchParams.set(SETTINGS_PARAM, JSON.stringify(onTop))
  else url.searchParams.delete(SETTINGS_PARAM)
  return url.href
}

/**
 * `href` without the mock's parameters: once the mock has started from them, the page's own
 * address need not carry them (a reload keeps the choice, remembered by the browser mock).
 *
 * @example
 * withoutScenarioParams('http://localhost:5173/?op=getArtefact&mock-scenario=empty') // 'http://localhost:5173/?op=getArtefact'
 */
export function withoutScenarioParams(href: string): string {
  const url = new URL(href)
  url.searchParams.delete(SCENARIO_PARAM)
  url.searchParams.delete(SETTINGS_PARAM)
  return url.href
}
