/**
 * Scenarios (contract §12): named states of the whole mock — its data set, its settings and
 * what particular operations answer. One registry serves every entry point.
 */
import type { Category, StoredArtefact } from '../schemas/resources.ts'
import type { ErrorStatus } from '../schemas/status-table.ts'
import type { DataSet } from '../store/types.ts'
import type { MockSettings } from './settings.ts'

export type { DataSet } from '../store/types.ts'

/** An error answer of the spec's table, with its reason for `X-Mock-Reason`. */
export interface ScenarioError {
  status: ErrorStatus
  reason?: string
}

/** One call of an operation while a scenario is in use. */
export interface ScenarioCall {
  /** This operation's calls since the scenario was chosen (or the mock reset), this one included: 1, 2, ... */
  n: number
  /** Calls of every operation since then, this one included. */
  total: number
  request: Request
}

/**
 * What an operation answers under a scenario: `'mock'` (as the mock would), an error of the spec's
 * table, or a function of the call that returns either, or a `Response` of its own.
 */
export type ScenarioAnswer = 'mock' | ScenarioError | ((call: ScenarioCall) => 'mock' | ScenarioError | Response)

/** One answer for every call, or a sequence: call n takes the nth answer, and the last one repeats. */
export type ScenarioOverride = ScenarioAnswer | readonly ScenarioAnswer[]

/** A named state of the mock. `Op` is the operation names; `'*'` stands for every operation. */
export interface Scenario<Op extends string = string> {
  /** A stable kebab-case slug, e.g. `quota-exhausted`. */
  id: string
  title: string
  /** One line: what a user sees in this state. */
  description: string
  /** The data set, as a function of the static one; absent: the static data set. */
  data?: (base: DataSet) => DataSet
  /** Settings on top of the ones the mock was created with. */
  settings?: Partial<MockSettings>
  /** What particular operations answer, by operation name (or `'*'`). */
  overrides?: { readonly [K in Op | '*']?: ScenarioOverride }
}

/** Thrown for an id that names no scenario: never a silent fallback (contract §12). */
export class UnknownScenario extends Error {
  readonly known: readonly string[]
  constructor(id: string, known: readonly string[]) {
    super(`[artefact-mock] no scenario has the id ${JSON.stringify(id)}; known: ${known.join(', ')}`)
    this.name = 'UnknownScenario'
    this.known = known
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A seeded draw in [0, 1) for call `n`: the same calls on every run (mulberry32's step). */
export function seededDraw(seed: number, n: number): number {
  let t = (seed + Math.imul(n, 0x6d2b79f5)) | 0
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const GENERATED = 5000
const GENERATED_FROM = Date.UTC(2026, 0, 1)

/** Artefact n (1-based) of the `many` scenario: its id, dates and fields follow from n alone. */
export function generatedArtefact(n: number, categories: readonly Category[]): StoredArtefact {
  const id = `0a1e5000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
  const date = new Date(GENERATED_FROM + n * 60_000).toISOString().replace('.000Z', 'Z')
  const text = `Generated artefact ${n} of ${GENERATED}, for lists, paging and search.`
  return {
    artefact: {
      id,
      title: `Generated artefact #${n}`,
      content: [{ mediaType: 'text/plain', text, href: null, resourceLocation: null }],
      simpleContent: text,
      variations: [],
      category: categories.length > 0 ? (categories[n % categories.length] ?? null) : null,
      primaryQuery: `generated question ${n}`,
      queryVariations: [],
      productDocumentId: null,
      productDocumentVersion: null,
      metaData: { sequence: { values: [String(n)], dataType: 'number' } },
      dateCreated: date,
      dateModified: date,
    },
    isDraft: n % 10 === 0,
  }
}

/** The built-in scenarios of contract §12. */
export const BUILT_IN_SCENARIOS: readonly Scenario[] = [
  {
    id: 'default',
    title: 'Default',
    description: 'The mock as created: the static data set and the default settings.',
  },
  {
    id: 'empty',
    title: 'Empty',
    description: 'No artefacts and no categories: a new customer. Data-set ids are 404.',
    data: () => ({ artefacts: [], categories: [] }),
  },
  {
    id: 'many',
    title: 'Many artefacts',
    description: `The data set plus ${GENERATED.toLocaleString('en')} generated artefacts with fixed ids and dates.`,
    data: (base) => ({
      categories: base.categories,
      artefacts: [
        ...base.artefacts,
        ...Array.from({ length: GENERATED }, (_, i) => generatedArtefact(i + 1, base.categories)),
      ],
    }),
  },
  {
    id: 'drafts',
    title: 'All drafts',
    description: 'Every artefact of the data set is a draft.',
    data: (base) => ({ ...base, artefacts: base.artefacts.map((record) => ({ ...record, isDraft: true })) }),
  },
  {
    id: 'maintenance',
    title: 'Maintenance',
    description: 'The service is down for maintenance: every call is 503 with Retry-After.',
    settings: { maintenance: true },
  },
  {
    id: 'quota-exhausted',
    title: 'Quota exhausted',
    description: 'The call volume quota is spent: every call is 403.',
    settings: { quota: 0 },
  },
  {
    id: 'rate-limited',
    title: 'Rate limited',
    description: 'One call per 60 s window: the second call is 429 with Retry-After.',
    settings: { rateLimit: { calls: 1, windowSeconds: 60 } },
  },
  {
    id: 'slow-network',
    title: 'Slow network',
    description: 'Every answer takes 1.5 to 4 seconds.',
    settings: { latency: { mode: 'range', minMs: 1500, maxMs: 4000 } },
  },
  {
    id: 'flaky',
    title: 'Flaky',
    description: 'A seeded 20 % of calls answer 503: the same calls on every run.',
    overrides: {
      '*': ({ total }) =>
        seededDraw(20_26, total) < 0.2
          ? { status: 503, reason: `the flaky scenario fails call ${total} of this scope (a seeded 20 % of calls)` }
          : 'mock',
    },
  },
]

/**
 * Checks a scenario's own fields and returns it: an id that is not a kebab-case slug, or a
 * missing title or description, throws at once.
 *
 * @example
 * const newCustomer = defineScenario({ id: 'new-customer', title: 'New customer', description: 'Nothing yet.', data: () => ({ artefacts: [], categories: [] }) })
 */
export function defineScenario<Op extends string = string>(scenario: Scenario<Op>): Scenario<Op> {
  if (!SLUG.test(scenario.id))
    throw new TypeError(`[artefact-mock] a scenario id is a kebab-case slug: ${JSON.stringify(scenario.id)} is not`)
  if (!scenario.title?.trim() || !scenario.description?.trim())
    throw new TypeError(`[artefact-mock] scenario ${scenario.id} needs a title and a description`)
  return scenario
}

/** The built-in scenarios and a user's own, by id; a user's scenario may not reuse an id. */
export function scenarioRegistry(own: readonly Scenario[] = []): ReadonlyMap<string, Scenario> {
  const registry = new Map(BUILT_IN_SCENARIOS.map((scenario) => [scenario.id, scenario]))
  for (const scenario of own) {
    defineScenario(scenario)
    if (registry.has(scenario.id))
      throw new TypeError(`[artefact-mock] two scenarios have the id ${JSON.stringify(scenario.id)}`)
    registry.set(scenario.id, scenario)
  }
  return registry
}

/** The scenario `id` names; throws `UnknownScenario` listing the known ids. */
export function scenarioOf(registry: ReadonlyMap<string, Scenario>, id: string): Scenario {
  const scenario = registry.get(id)
  if (!scenario) throw new UnknownScenario(id, [...registry.keys()])
  return scenario
}

/** The answer a scenario gives call `call` of `operation`, or 'mock' where it has none. */
export function scenarioAnswer(
  scenario: Scenario,
  operation: string,
  call: ScenarioCall,
): 'mock' | ScenarioError | Response {
  const overrides: Record<string, ScenarioOverride | undefined> = scenario.overrides ?? {}
  const override = overrides[operation] ?? overrides['*']
  if (override === undefined) return 'mock'
  const answer: ScenarioAnswer | undefined =
    typeof override === 'string' || typeof override === 'function' || !Array.isArray(override)
      ? (override as ScenarioAnswer)
      : override[Math.min(call.n, override.length) - 1]
  if (answer === undefined) return 'mock'
  return typeof answer === 'function' ? answer(call) : answer
}
