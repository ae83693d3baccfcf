/**
 * The mock of the Artefact preview service: MSW handlers, the zod schemas,
 * the static data set and the control that steers it. Environment-specific
 * set-ups live in `./browser` (service worker) and `./node` (msw/node).
 */
export {
  createHandlers,
  handlers,
  control,
  createArtefactHandler,
  createCategoryHandler,
  getArtefactHandler,
  type HandlerOptions,
  type OperationHandlerOptions,
  type Override,
  type OverrideInfo,
} from './handlers.ts'
export {
  createControl,
  DEFAULT_SETTINGS,
  MockSettings,
  type ControlSnapshot,
  type LatencySetting,
  type MockControl,
  type MockControlOptions,
} from './control.ts'
export {
  CategoryNameTaken,
  createStore,
  type Persistence,
  type Store,
  type StoreHealth,
  type StoreOptions,
  type StoreSnapshot,
} from './store.ts'
export { broadcastTabSync, memoryTabSyncs, type TabSync } from './tab-sync.ts'
export { ERROR_MESSAGES, ERROR_STATUSES, type ErrorStatus } from './handlers/errors.ts'
export { PREFIX } from './handlers/scope.ts'
export * from './schemas.ts'
export { seedArtefacts } from './data/artefacts.ts'
export { seedCategories } from './data/categories.ts'
export type { SeedArtefact, SeedCategory } from './data/types.ts'
