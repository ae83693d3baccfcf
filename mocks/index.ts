/**
 * The mock of the Artefact preview service: MSW handlers, the zod schemas,
 * the static data set and the control that steers it. Environment-specific
 * set-ups live in `./browser` (service worker) and `./node` (msw/node).
 */
export { createHandlers, type HandlerOptions } from './handlers/create-handlers.ts'
export { handlers, control } from './handlers/defaults.ts'
export {
  createArtefactHandler,
  createCategoryHandler,
  getArtefactHandler,
  type OperationHandlerOptions,
  type Override,
  type OverrideInfo,
} from './handlers/overrides.ts'
export { OPERATIONS, OPERATION_NAMES, type OperationName } from './operations/registry.ts'
export {
  createControl,
  DEFAULT_SETTINGS,
  type ControlSnapshot,
  type LatencySetting,
  type MockControl,
  type MockControlOptions,
  type ScenarioSummary,
  SettingsError,
  type SettingsIssue,
} from './control/control.ts'
export { MockSettings } from './control/settings.ts'
export { defineScenario } from './handlers/define-scenario.ts'
export {
  BUILT_IN_SCENARIOS,
  type DataSet,
  type Scenario,
  type ScenarioAnswer,
  type ScenarioCall,
  type ScenarioError,
  type ScenarioOverride,
  UnknownScenario,
} from './control/scenarios.ts'
export {
  type CategoryInsert,
  type CategoryInserted,
  CategoryNameTaken,
  StorageFailed,
  createStore,
  type HeldRecord,
  type Persistence,
  type RecordSummary,
  type Store,
  type StoreHealth,
  type StoreOptions,
  type StoreSnapshot,
} from './store/store.ts'
export { broadcastTabSync, memoryTabSyncs, type TabSync } from './store/tab-sync.ts'
export {
  ERROR_MESSAGES,
  ERROR_STATUSES,
  STATUS_TABLE,
  type ErrorStatus,
  type StatusRow,
} from './schemas/status-table.ts'
export { PREFIX } from './contract/router.ts'
export * from './schemas/resources.ts'
export * from './schemas/requests.ts'
export { seedArtefacts } from './data/artefacts.ts'
export { seedCategories } from './data/categories.ts'
export type { SeedArtefact, SeedCategory } from './data/types.ts'
