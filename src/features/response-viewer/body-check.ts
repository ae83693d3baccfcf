import { ErrorBody } from '#mocks/internal.ts'
import type { Exchange } from '../../app/model.ts'
import { operationInfo } from '../operations/catalogue.ts'
import { type Difference, diffAgainstSchema } from './schema-diff.ts'

export interface BodyCheck {
  /** Which schema of the spec the body was checked against. */
  schemaName: string
  differences: Difference[]
}

/** Checks a response body against the schema the spec gives for its status; null when none applies. */
export function checkBody(exchange: Exchange): BodyCheck | null {
  const { response, operation } = exchange
  if (!response || !operation) return null
  const info = operationInfo(operation)
  if (response.status >= 400)
    return { schemaName: 'Error body', differences: diffAgainstSchema(ErrorBody, response.body) }
  if (response.status !== info.successStatus) {
    return {
      schemaName: `${info.title} (${info.successStatus})`,
      differences: [
        { path: '(status)', message: `${response.status} is not the spec's success status ${info.successStatus}` },
      ],
    }
  }
  return { schemaName: info.successName, differences: diffAgainstSchema(info.successSchema, response.body) }
}

/** The in-body errors of a success that was accepted but not stored (create artefact's `hasErrors`). */
export function inBodyErrors(exchange: Exchange): string[] | null {
  const { response, operation } = exchange
  const info = operation ? operationInfo(operation) : null
  if (!info?.inBodyErrors || response?.status !== info.successStatus) return null
  try {
    return info.inBodyErrors(JSON.parse(response.body))
  } catch {
    return null
  }
}
