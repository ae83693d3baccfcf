/**
 * Which operations go to the real service, and where it is (contract §13, in the browser):
 * the base URL is checked as the HTTP mode's `--upstream` is, and the choice is kept in
 * localStorage like the mock's settings, validated again when read back.
 */
import * as z from 'zod'
import { OperationId } from '../../app/model.ts'
import type { KeyValueStorage } from '../mock-controls/settings-storage.ts'

export const REAL_SERVICE_KEY = 'artefact-mock:real-service'

/** The real service's base URL, or why a text is none: http or https, absolute, no credentials, query or fragment. */
export function parseBaseUrl(text: string): { ok: true; url: string } | { ok: false; reason: string } {
  const trimmed = text.trim()
  if (trimmed === '')
    return { ok: false, reason: 'Enter the real service’s base URL, e.g. https://staging.example.test' }
  const url = URL.canParse(trimmed) ? new URL(trimmed) : null
  if (!url) return { ok: false, reason: 'Not an absolute URL: start with http:// or https://' }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `Only http:// and https:// URLs, not ${url.protocol}` }
  if (url.username || url.password)
    return { ok: false, reason: 'No credentials in the URL: the page’s own Authorization header is sent' }
  if (url.search || url.hash) return { ok: false, reason: 'A base URL: no ?query or #fragment' }
  return { ok: true, url: url.href.replace(/\/+$/, '') }
}

/** What is stored: the base URL (checked again on reading) and the operations sent there. */
export const RealServiceConfig = z.object({
  baseUrl: z.string().max(2048).nullable(),
  operations: z.array(OperationId).max(50),
})
export type RealServiceConfig = z.infer<typeof RealServiceConfig>

export const NO_REAL_SERVICE: RealServiceConfig = { baseUrl: null, operations: [] }

/** The stored choice; anything unreadable, invalid or with a base URL that no longer passes is removed. */
export function readRealServiceConfig(storage: KeyValueStorage | null): RealServiceConfig {
  const raw = storage?.getItem(REAL_SERVICE_KEY)
  if (!storage || raw == null) return NO_REAL_SERVICE
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    value = undefined
  }
  const parsed = RealServiceConfig.safeParse(value)
  const base = parsed.success && parsed.data.baseUrl !== null ? parseBaseUrl(parsed.data.baseUrl) : null
  if (!parsed.success || (base && !base.ok)) {
    storage.removeItem(REAL_SERVICE_KEY)
    return NO_REAL_SERVICE
  }
  return { baseUrl: base?.ok ? base.url : null, operations: [...new Set(parsed.data.operations)] }
}

export function writeRealServiceConfig(storage: KeyValueStorage | null, config: RealServiceConfig): void {
  try {
    if (config.baseUrl === null && config.operations.length === 0) storage?.removeItem(REAL_SERVICE_KEY)
    else storage?.setItem(REAL_SERVICE_KEY, JSON.stringify(config))
  } catch {
    // Storage full or denied: the choice holds for this page.
  }
}

/** The real URL of a request the page sent to the mock: the same path and query under the base URL. */
export function realUrlOf(baseUrl: string, requestUrl: string): string {
  const url = new URL(requestUrl)
  return `${baseUrl}${url.pathname}${url.search}`
}
