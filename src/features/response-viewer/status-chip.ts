import type { Exchange } from '../../app/model.ts'
import { CANCELLED } from '../request-builder/send-request.ts'
import { inBodyErrors } from './body-check.ts'
import { statusClass, statusWords } from './status-meaning.ts'

export interface Chip {
  text: string
  tone: 'ok' | 'warn' | 'bad' | 'info'
  /** A longer reading, for the tooltip. */
  title: string
}

/**
 * The status chip of an answer, in the words its body uses: a quota 403 reads
 * "Out of call volume quota", and a 200 that stored nothing (hasErrors) is not green.
 */
export function statusChip(exchange: Exchange): Chip {
  const { response, failure } = exchange
  if (!response) {
    return failure === CANCELLED
      ? { text: 'Cancelled', tone: 'info', title: 'You cancelled the request before it was answered' }
      : { text: 'Network failure', tone: 'bad', title: failure ?? 'No answer' }
  }
  const words = statusWords(response.status, response.statusText)
  if (inBodyErrors(exchange)) {
    return {
      text: `${response.status} ${words} · hasErrors`,
      tone: 'warn',
      title: 'Accepted, but the body reports errors and nothing was stored',
    }
  }
  return {
    text: `${response.status} ${words}`.trim(),
    tone: statusClass(response.status),
    title: `HTTP ${response.status} ${response.statusText}`.trim(),
  }
}
