import type { OperationId, RequestDraft } from '../../app/explorer-bus.ts'
import { operationInfo } from './catalogue.ts'

/** The first artefact of the static data set ("Reset your password"). */
export const SAMPLE_ARTEFACT_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

/** The example body text for an operation (the registry's example), pretty-printed; '' when it takes none. */
export function exampleBody(operation: OperationId): string {
  return operationInfo(operation).exampleBody()
}

/** A valid draft for an operation, ready to send. */
export function exampleDraft(operation: OperationId, id: string = SAMPLE_ARTEFACT_ID): RequestDraft {
  const info = operationInfo(operation)
  const takesBody = info.requestSchema !== null
  return {
    operation,
    id: info.path.includes('{id}') ? id : '',
    isDraft: { mode: 'omit' },
    accept: { mode: 'value', value: 'application/json' },
    contentType: takesBody ? { mode: 'value', value: 'application/json' } : { mode: 'omit' },
    body: exampleBody(operation),
    prefer: { mode: 'omit' },
  }
}
