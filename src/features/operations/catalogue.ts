import type * as z from 'zod'
import {
  Artefact,
  CreateArtefactRequest,
  CreateArtefactResponse,
  CreateCategoryRequest,
  CreateCategoryResponse,
} from '#mocks/schemas.ts'
import type { OperationId } from '../../app/explorer-bus.ts'

/** The service's path prefix (the preview line of major version 3). */
export const PREFIX = '/v3/preview-upcoming'

export interface OperationInfo {
  id: OperationId
  method: 'GET' | 'POST'
  /** Path after the prefix; `{id}` is the path parameter. */
  path: string
  title: string
  suite: string
  successStatus: number
  /** The zod schema of the request body; null when the operation takes none. */
  requestSchema: z.ZodType | null
  successSchema: z.ZodType
}

/** The three operations of the spec, in the order the spec lists them. */
export const OPERATIONS: readonly OperationInfo[] = [
  {
    id: 'createArtefact',
    method: 'POST',
    path: '/resources/artefact',
    title: 'Create an artefact',
    suite: '3.5.0',
    successStatus: 200,
    requestSchema: CreateArtefactRequest,
    successSchema: CreateArtefactResponse,
  },
  {
    id: 'createCategory',
    method: 'POST',
    path: '/resources/artefactcategory',
    title: 'Create an artefact category',
    suite: '3.4.0',
    successStatus: 201,
    requestSchema: CreateCategoryRequest,
    successSchema: CreateCategoryResponse,
  },
  {
    id: 'getArtefact',
    method: 'GET',
    path: '/resources/artefact/{id}',
    title: 'Get an artefact',
    suite: '3.7.0',
    successStatus: 200,
    requestSchema: null,
    successSchema: Artefact,
  },
]

const BY_ID = new Map(OPERATIONS.map((operation) => [operation.id, operation]))

export function operationInfo(id: OperationId): OperationInfo {
  const found = BY_ID.get(id)
  if (!found) throw new RangeError(`[artefact-mock] unknown operation ${id}`)
  return found
}

export function isOperationId(value: unknown): value is OperationId {
  return typeof value === 'string' && BY_ID.has(value as OperationId)
}
