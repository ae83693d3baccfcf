/**
 * The one module of mocks/ that src/ (the explorer and panel) and cli/ (the HTTP mode) import
 * besides the public entries. What it exports is internal: not part of the package's API.
 */
export { checkRules, type CategoryLookup } from './artefact/rules.ts'
export {
  ERROR_MESSAGES,
  ERROR_STATUSES,
  STATUS_TABLE,
  isErrorStatus,
  type ErrorStatus,
} from './schemas/status-table.ts'
export { errorResponse, toHeaderValue } from './contract/errors.ts'
export type { Incoming } from './contract/incoming.ts'
export { jsonTextOf } from './contract/json-response.ts'
export { judgeBody } from './contract/body.ts'
export { judgeAccept, judgeContentType, judgePrefer, parseMediaRange } from './contract/negotiation.ts'
export type { Method, Operation } from './contract/operation.ts'
export { parseBody } from './contract/pipeline.ts'
export { REASONS } from './contract/reasons.ts'
export { PREFIX, createRouter, createScope } from './contract/router.ts'
export {
  DEFAULT_SETTINGS,
  createControl,
  type ControlSnapshot,
  type LatencySetting,
  type MockControl,
  type ScenarioSummary,
  SettingsError,
} from './control/control.ts'
export { MockSettings } from './control/settings.ts'
export { scenarioLink, settingsOnTop, withoutScenarioParams } from './control/scenario-link.ts'
export { UnknownScenario } from './control/scenarios.ts'
export { seedArtefacts } from './data/artefacts.ts'
export { seedCategories } from './data/categories.ts'
export { contextFor, createHandlers, dispatcherFor } from './handlers/create-handlers.ts'
export { getArtefactHandler } from './handlers/overrides.ts'
export { createArtefact } from './operations/create-artefact.ts'
export { OPERATIONS, OPERATION_NAMES } from './operations/registry.ts'
export { ENGLISH, REQUEST_MESSAGES, englishWith } from './schemas/english.ts'
export { CreateArtefactRequest, CreateCategoryRequest, type CreateArtefactInput } from './schemas/requests.ts'
export { Artefact, CreateArtefactResponse, ErrorBody, formatIssuePath } from './schemas/resources.ts'
export type { HeldRecord, RecordSummary } from './store/held-record.ts'
export { buildSeed, createStore, type Store, type StoreHealth } from './store/store.ts'
export {
  checkExchange,
  compareAnswers,
  type Exchange,
  type Finding,
  operationOf,
  upstreamFailure,
  type UpstreamFailure,
} from './drift/check.ts'
export { exchangesOfHar, type HarExchange, harEntry, harLog, NotAHar } from './drift/har.ts'
export {
  type DriftReport,
  driftCollector,
  junitOf,
  type ReportedFinding,
  summaryLine,
  worstOf,
} from './drift/report.ts'
