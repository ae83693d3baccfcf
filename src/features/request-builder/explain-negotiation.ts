import { judgeAccept, judgeContentType, parseMediaRange } from '#mocks/internal.ts'
import type { HeaderChoice } from '../../app/model.ts'

export interface Explanation {
  ok: boolean
  text: string
}

const rangeName = (raw: string) => {
  const range = parseMediaRange(raw)
  return range ? `${range.type}/${range.subtype}` : raw.trim()
}

/** Says how the mock will judge an Accept choice, in the words the builder shows under the field. */
export function explainAccept(choice: HeaderChoice): Explanation {
  if (choice.mode === 'omit') {
    return { ok: true, text: '✓ Omitted: the browser sends */*, which application/json satisfies' }
  }
  const header = choice.value
  if (header.trim() === '') return { ok: true, text: '✓ An empty Accept counts as absent' }
  if (judgeAccept(header).ok) return { ok: true, text: '✓ application/json satisfies every range' }
  const ranges = header.split(',').filter((raw) => raw.trim() !== '')
  for (const raw of ranges) {
    if (!parseMediaRange(raw)) return { ok: false, text: `✗ "${raw.trim()}" is not a media range → 406` }
    if (!judgeAccept(raw).ok) {
      const range = parseMediaRange(raw)
      if (range?.q === 0) return { ok: false, text: `✗ ${rangeName(raw)} has q=0 and refuses application/json → 406` }
      return { ok: false, text: `✗ ${rangeName(raw)} cannot be produced → 406` }
    }
  }
  return { ok: false, text: '✗ not satisfied by application/json → 406' }
}

/** Says how the mock will judge a POST's Content-Type choice. */
export function explainContentType(choice: HeaderChoice): Explanation {
  if (choice.mode === 'omit') return { ok: true, text: '✓ Omitted: no header is sent, the body is read as JSON' }
  if (choice.value.trim() === '') return { ok: true, text: '✓ An empty Content-Type counts as absent' }
  if (judgeContentType(choice.value).ok) return { ok: true, text: '✓ application/json is the supported media type' }
  return { ok: false, text: `✗ ${choice.value.trim() || '(empty)'} is not application/json → 415` }
}
