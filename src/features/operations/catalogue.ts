import type * as z from 'zod'
import { type Method, type Operation, OPERATIONS as REGISTRY } from '#mocks/internal.ts'
import type { OperationId } from '../../app/model.ts'

export interface OperationInfo<Id extends string = OperationId> {
  id: Id
  method: Method
  /** Path after the prefix; `{id}` is the path parameter. */
  path: string
  title: string
  /** A short name for lists and filters. */
  label: string
  suite: string
  successStatus: number
  /** The zod schema of the request body; null when the operation takes none. */
  requestSchema: z.core.$ZodType | null
  successSchema: z.core.$ZodType
  /** What the response viewer calls the success schema. */
  successName: string
  /** The errors a success body reports in its body (create artefact's `hasErrors`); absent when it has no such channel. */
  inBodyErrors?: (body: unknown) => string[] | null
  /** The query parameters the operation reads. */
  query: readonly string[]
  /** The mock's own step-9 check of the query and path (a 400 reason, or null). */
  malformed?: Operation['malformed']
  /** A request body that succeeds, pretty-printed; '' when the operation takes none. */
  exampleBody(): string
}

/** The explorer's view of a registry's operations, in its order. */
export function catalogueOf<Id extends string>(operations: readonly Operation<Id>[]): OperationInfo<Id>[] {
  return operations.map((operation) => ({
    id: operation.name,
    method: operation.method,
    path: operation.path,
    title: operation.title,
    label: operation.label,
    suite: operation.suite,
    successStatus: operation.success.status,
    requestSchema: operation.request,
    successSchema: operation.success.schema,
    successName: operation.success.name,
    ...(operation.success.inBodyErrors && { inBodyErrors: operation.success.inBodyErrors }),
    query: operation.query,
    ...(operation.malformed && { malformed: operation.malformed }),
    exampleBody: () => (operation.example ? JSON.stringify(operation.example(), null, 2) : ''),
  }))
}

/** The operations of the mock's registry, in the order the spec lists them. */
export const OPERATIONS: readonly OperationInfo[] = catalogueOf(REGISTRY)

const BY_ID = new Map(OPERATIONS.map((operation) => [operation.id, operation]))

export function operationInfo(id: OperationId): OperationInfo {
  const found = BY_ID.get(id)
  if (!found) throw new RangeError(`[artefact-mock] unknown operation ${id}`)
  return found
}

export function isOperationId(value: unknown): value is OperationId {
  return typeof value === 'string' && BY_ID.has(value as OperationId)
}

/** Orders dotted versions by their numbers ('3.10.0' after '3.9.0'); no Intl.Collator, which a start-up profile showed at ~10 ms. */
function byVersion(a: string, b: string): number {
  const x = a.split('.').map(Number)
  const y = b.split('.').map(Number)
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0)
    if (diff !== 0) return diff
  }
  return 0
}

/** The suite versions of the catalogue, lowest first, each once. */
export const SUITES = [...new Set(OPERATIONS.map((operation) => operation.suite))].sort(byVersion)
