/**
 * The mock's zod side (its schema builders, the tab message's schema, zod's parse with English
 * messages), reached without importing zod (decision 054). zod is most of what a page parses
 * beyond bare msw before its worker is ready (decision 053), and no start needs it, so the browser
 * entry loads it on first use: a body to read, a stored category or an older record to check,
 * a message from another tab. The modules that import it statically (the public schemas, the
 * explorer, the per-operation handlers, the OpenAPI builder) read it synchronously from the start.
 */
import type { ZodSide } from './builders.ts'

let loaded: ZodSide | undefined
let loading: Promise<ZodSide> | undefined

/**
 * Hands the zod side over, for synchronous readers: each module that reads the schemas as it
 * starts calls it (the public schema modules, the explorer's catalogue, the per-operation
 * handlers). Not `schema-builders.ts` itself: importing this module would make it one that zod's
 * chunk shares with a page's start. And not a bare import: a bundler drops an import that only
 * runs a module when the package says it has no side effects.
 * @example
 * provideZodSide(ZOD_SIDE)
 */
export function provideZodSide(side: ZodSide): void {
  loaded ??= side
}

/** True once the zod side is here: a module imported it, or a load finished. */
export const zodSideLoaded = (): boolean => loaded !== undefined

/**
 * The zod side, for code that runs after a load or in a graph that imports it statically.
 * @example
 * zodSide().responseSchemas().Artefact
 */
export function zodSide(): ZodSide {
  if (loaded) return loaded
  throw new Error(
    "[artefact-mock] the mock's schemas are not loaded yet: await loadZodSide(), or import 'artefact-preview-mock' (its schemas) first",
  )
}

/**
 * Loads the zod side once; a load that failed (a chunk the network lost) is tried again by the next call.
 * @example
 * const { requestSchemas } = await loadZodSide()
 */
export function loadZodSide(): Promise<ZodSide> {
  if (loaded) return Promise.resolve(loaded)
  loading ??= import('./builders.ts').then(
    ({ ZOD_SIDE }) => {
      provideZodSide(ZOD_SIDE)
      return ZOD_SIDE
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
