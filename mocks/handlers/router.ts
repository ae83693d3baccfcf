/**
 * The preview line's path prefix.
 * @example
 * fetch(`${PREFIX}/resources/artefact/${id}`)
 */
export const PREFIX = '/v3/preview-upcoming'

export type OperationName = 'createArtefact' | 'createCategory' | 'getArtefact'

export interface Route {
  operation: OperationName
  method: 'GET' | 'POST'
  params: Record<string, string>
}

/** The methods each known path allows, for 405 and OPTIONS (contract 2, step 3). */
export const ALLOW: Record<OperationName, string> = {
  createArtefact: 'POST, OPTIONS',
  createCategory: 'POST, OPTIONS',
  getArtefact: 'GET, OPTIONS',
}

/** Finds the resource a path (after the prefix) names; null when it names none. Exact: no trailing slash, case-sensitive. */
export function route(rest: string): Route | null {
  if (rest === '/resources/artefact') return { operation: 'createArtefact', method: 'POST', params: {} }
  if (rest === '/resources/artefactcategory') return { operation: 'createCategory', method: 'POST', params: {} }
  const match = /^\/resources\/artefact\/([^/]+)$/.exec(rest)
  if (match?.[1]) return { operation: 'getArtefact', method: 'GET', params: { id: match[1] } }
  return null
}

export interface Scope {
  /** The path after the prefix when `url` is under it, else null. */
  locate(url: URL): string | null
  /** The absolute address of an artefact, on the request's origin or the base URL. */
  artefactHref(url: URL, id: string): string
}

/**
 * Where the handlers answer (contract 1): any origin by default, or only
 * under `baseUrl` (absolute, or a path such as `/api` in the browser).
 */
export function createScope(baseUrl?: string): Scope {
  const base = baseUrl === undefined ? null : parseBase(baseUrl)
  const prefixOf = (url: URL) => `${base?.path ?? ''}${PREFIX}`
  return {
    locate(url) {
      if (base?.origin && url.origin !== base.origin) return null
      const prefix = prefixOf(url)
      const path = url.pathname
      if (path === prefix) return ''
      return path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : null
    },
    artefactHref(url, id) {
      return `${base?.origin ?? url.origin}${prefixOf(url)}/resources/artefact/${id}`
    },
  }
}

function parseBase(baseUrl: string): { origin: string | null; path: string } {
  const trim = (path: string) => path.replace(/\/+$/, '')
  if (/^[a-z][a-z0-9+.-]*:/i.test(baseUrl)) {
    const url = new URL(baseUrl)
    return { origin: url.origin, path: trim(url.pathname) }
  }
  if (!baseUrl.startsWith('/')) throw new TypeError(`[artefact-mock] baseUrl must be absolute or start with "/": ${baseUrl}`)
  return { origin: null, path: trim(baseUrl) }
}
