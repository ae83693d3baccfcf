/**
 * A control's check of the settings it is given, without zod (decision 054): `set()` is
 * synchronous, and the browser entry loads zod only when a body or a stored record needs it.
 * `settings-check.property.test.ts` holds this check to the settings' zod schema
 * (`settings-schema.ts`): the same verdict and the same settings out, for any input.
 */
import { isRecord } from '../schemas/helpers.ts'
import type { LatencySetting, MockSettings } from './settings-schema.ts'

/**
 * The settings a new control starts from: everything off, 1 MiB bodies, Retry-After 30 s.
 * @example
 * control.set(DEFAULT_SETTINGS) // undo every change of settings
 */
export const DEFAULT_SETTINGS: MockSettings = {
  maintenance: false,
  retryAfterSeconds: 30,
  quota: null,
  rateLimit: null,
  latency: { mode: 'off' },
  bodyLimitBytes: 1024 * 1024,
}

/** One thing wrong with the settings given: where, and what. */
export interface SettingsIssue {
  path: PropertyKey[]
  message: string
}

/** Settings a control refused; `issues` says which and why, and nothing was changed. */
export class SettingsError extends TypeError {
  readonly issues: SettingsIssue[]
  constructor(issues: SettingsIssue[]) {
    super(`[artefact-mock] settings refused: ${issues.map(describe).join('; ')}`)
    this.name = 'SettingsError'
    this.issues = issues
  }
}

const describe = (issue: SettingsIssue) => `${issue.path.map(String).join('.') || 'settings'}: ${issue.message}`

/** Reads the settings' fields one by one, gathering what is wrong. */
function reader(issues: SettingsIssue[]) {
  const fail = (path: PropertyKey[], message: string) => {
    issues.push({ path, message })
    return undefined
  }
  const int = (path: PropertyKey[], value: unknown, min: number, max = Number.MAX_SAFE_INTEGER) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max
      ? value
      : fail(
          path,
          max === Number.MAX_SAFE_INTEGER
            ? `must be an integer of at least ${min}`
            : `must be an integer from ${min} to ${max}`,
        )
  const latency = (value: unknown): LatencySetting | undefined => {
    const path = ['latency']
    if (!isRecord(value)) return fail(path, 'must be an object with a mode of off, fixed or range')
    const ms = (key: string) => int([...path, key], value[key], 0, 60_000)
    if (value.mode === 'off') return { mode: 'off' }
    if (value.mode === 'fixed') {
      const fixed = ms('ms')
      return fixed === undefined ? undefined : { mode: 'fixed', ms: fixed }
    }
    if (value.mode !== 'range') return fail([...path, 'mode'], 'must be off, fixed or range')
    const [minMs, maxMs] = [ms('minMs'), ms('maxMs')]
    if (minMs === undefined || maxMs === undefined) return undefined
    if (minMs > maxMs) return fail(path, 'minMs must not exceed maxMs')
    return { mode: 'range', minMs, maxMs }
  }
  const rateLimit = (value: unknown): MockSettings['rateLimit'] | undefined => {
    if (value === null) return null
    if (!isRecord(value)) return fail(['rateLimit'], 'must be null or an object with calls and windowSeconds')
    const calls = int(['rateLimit', 'calls'], value.calls, 1)
    const windowSeconds = int(['rateLimit', 'windowSeconds'], value.windowSeconds, 1, 86_400)
    return calls === undefined || windowSeconds === undefined ? undefined : { calls, windowSeconds }
  }
  return { fail, int, latency, rateLimit }
}

/**
 * The settings as the control holds them: the known fields of `value`, checked. Throws a
 * `SettingsError` listing every field that is wrong.
 * @example
 * checkSettings({ ...DEFAULT_SETTINGS, quota: 2 }).quota // 2
 */
export function checkSettings(value: unknown): MockSettings {
  const issues: SettingsIssue[] = []
  const read = reader(issues)
  if (!isRecord(value)) throw new SettingsError([{ path: [], message: 'must be an object' }])
  const maintenance =
    typeof value.maintenance === 'boolean' ? value.maintenance : read.fail(['maintenance'], 'must be true or false')
  const retryAfterSeconds = read.int(['retryAfterSeconds'], value.retryAfterSeconds, 0, 86_400)
  const quota = value.quota === null ? null : read.int(['quota'], value.quota, 0)
  const rateLimit = read.rateLimit(value.rateLimit)
  const latency = read.latency(value.latency)
  const bodyLimitBytes = read.int(['bodyLimitBytes'], value.bodyLimitBytes, 1)
  if (issues.length > 0) throw new SettingsError(issues)
  return { maintenance, retryAfterSeconds, quota, rateLimit, latency, bodyLimitBytes } as MockSettings
}
