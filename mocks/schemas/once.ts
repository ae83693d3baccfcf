/**
 * Run-once builders for the zod side: the schema builders and the settings' schema. Not in
 * `schema-helpers.ts`, which the browser entry's start imports: a module that both a page's start
 * and zod's chunk import would be a chunk of its own, one more request at start (decision 054).
 */

/**
 * `build`, run on the first call; every call returns what that one built.
 * @example
 * const schemas = once(() => ({ Name: z.string() }))
 * schemas().Name === schemas().Name // true
 */
export function once<T extends object>(build: () => T): () => T {
  let built: T | undefined
  return () => (built ??= build())
}
