import { getBusState } from '../../app/explorer-bus.ts'
import type { OperationId, RequestDraft } from '../../app/model.ts'
import { operationInfo } from './catalogue.ts'

/** The first artefact of the static data set ("Reset your password"). */
export const SAMPLE_ARTEFACT_ID = '0a1e0001-5c0f-4a11-9c00-000000000001'

const tag = () => Math.random().toString(36).slice(2, 6).padEnd(4, '0')

/** The example with a short tag on its title, so two created artefacts are told apart in lists. */
function varyTitle(example: unknown): unknown {
  if (typeof example !== 'object' || example === null || !('title' in example) || typeof example.title !== 'string')
    return example
  return { ...example, title: `${example.title} #${tag()}` }
}

const TAG_AT_END = / #[a-z0-9]{4}$/

/**
 * The category body with a new short tag on its name (` #k3x9`, in place of one it had), or
 * null when the body names none. After a create the name is taken: the draft that keeps it
 * would get a 422 on the next Send.
 *
 * @example
 * retaggedName('{"name": "Travel"}') // '{"name": "Travel #k3x9"}'
 */
export function retaggedName(body: string): string | null {
  const found = /("name"\s*:\s*)("(?:[^"\\]|\\.)*")/.exec(body)
  if (!found) return null
  let name: unknown
  try {
    name = JSON.parse(found[2]!)
  } catch {
    return null
  }
  if (typeof name !== 'string') return null
  const next = `${name.replace(TAG_AT_END, '')} #${tag()}`
  return `${body.slice(0, found.index)}${found[1]}${JSON.stringify(next)}${body.slice(found.index + found[0].length)}`
}

/** The example body text for an operation (the registry's example), pretty-printed; '' when it takes none. */
export function exampleBody(operation: OperationId): string {
  const body = operationInfo(operation).exampleBody()
  return body === '' ? '' : JSON.stringify(varyTitle(JSON.parse(body)), null, 2)
}

/** The id a new GET draft names: the last artefact the explorer created, else the data set's first. */
export function defaultArtefactId(): string {
  return getBusState().lastCreated ?? SAMPLE_ARTEFACT_ID
}

/** A valid draft for an operation, ready to send. */
export function exampleDraft(operation: OperationId, id: string = defaultArtefactId()): RequestDraft {
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
