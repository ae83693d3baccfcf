/**
 * The zod schemas of the request bodies the mock validates (behaviour §5): what a client
 * sends to the create operations. The answers and resources are in `./resources.ts`.
 */
import type * as z from 'zod/mini'
import { requestSchemas, ZOD_SIDE } from './builders.ts'
import { provideZodSide } from './zod-side.ts'

// Built when this module is imported. The mock's own code takes them from `requestSchemas()`
// on first use instead, so a worker's start builds none (decision 049).
const built = requestSchemas()
// The operations' schemas, read synchronously from here on (decision 054).
provideZodSide(ZOD_SIDE)

/**
 * The body of `POST /artefact` (behaviour §5): trims names and queries, drops unknown fields,
 * reads `null` as absent.
 * @example
 * CreateArtefactRequest.parse({ title: ' Reset your password ' }).title // 'Reset your password'
 */
export const CreateArtefactRequest = built.CreateArtefactRequest
export type CreateArtefactRequest = z.input<typeof CreateArtefactRequest>
export type CreateArtefactInput = z.output<typeof CreateArtefactRequest>

/**
 * The body of `POST /artefactcategory` (behaviour §5).
 * @example
 * CreateCategoryRequest.parse({ name: 'Mobile apps' })
 */
export const CreateCategoryRequest = built.CreateCategoryRequest
export type CreateCategoryRequest = z.input<typeof CreateCategoryRequest>
