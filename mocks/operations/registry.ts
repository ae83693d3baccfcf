/**
 * The registry: the operations of the Artefact preview service, in the order
 * the spec lists them. The router, `Allow`, the handlers, the OpenAPI paths,
 * the explorer's catalogue and the generators of the fuzz and property tests
 * all read this list; adding an operation means adding its file here.
 */
import { createArtefact } from './create-artefact.ts'
import { createCategory } from './create-category.ts'
import { getArtefact } from './get-artefact.ts'

/**
 * Every operation the mock answers.
 * @example
 * OPERATIONS.map((operation) => `${operation.method} ${operation.path}`)
 * // ['POST /resources/artefact', 'POST /resources/artefactcategory', 'GET /resources/artefact/{id}']
 */
export const OPERATIONS = [createArtefact, createCategory, getArtefact] as const

/** The name of an operation of the registry: 'createArtefact' | 'createCategory' | 'getArtefact'. */
export type OperationName = (typeof OPERATIONS)[number]['name']

/**
 * The operations' names, in the registry's order (a tuple, for `z.enum`).
 * @example
 * const Operation = z.enum(OPERATION_NAMES)
 */
export const OPERATION_NAMES = OPERATIONS.map((operation) => operation.name) as [OperationName, ...OperationName[]]
