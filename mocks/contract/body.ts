/**
 * Step 9 for a request body (behaviour §2): within the size limit, UTF-8, JSON, an object. The
 * pipeline reads a request's bytes with it; the explorer's forecast reads the body it will send.
 */
import { REASONS } from './reasons.ts'

export type BodyVerdict = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string }

// Stateless between calls (no `stream` option), so one decoder serves every request.
const UTF8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Judges a body's bytes: the JSON object they hold, or the 400 reason.
 * @example
 * judgeBody(new TextEncoder().encode('[1]'), 1_048_576) // { ok: false, reason: 'body: JSON array is not an object' }
 */
export function judgeBody(bytes: Uint8Array, limit: number): BodyVerdict {
  if (bytes.byteLength > limit) return { ok: false, reason: REASONS.bodyOverLimit(bytes.byteLength, limit) }
  let text: string
  try {
    text = UTF8.decode(bytes)
  } catch {
    return { ok: false, reason: 'body: not valid UTF-8' }
  }
  if (text.trim() === '') return { ok: false, reason: 'body: missing or empty; send a JSON object' }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, reason: REASONS.bodyNotJson(error) }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value
    return { ok: false, reason: `body: JSON ${kind} is not an object` }
  }
  return { ok: true, value: value as Record<string, unknown> }
}
