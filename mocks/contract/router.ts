import type { Operation } from './operation.ts'

/**
 * The preview line's path prefix.
 * @example
 * fetch(`${PREFIX}/resources/artefact/${id}`)
 */
export const PREFIX = '/v3/preview-upcoming'

/** A path (after the prefix) that names a resource, and what that resource allows. */
export interface Route {
  /** The operations on this path, one per method, in the registry's order. */
  operations: readonly Operation[]
  params: Record<string, string>
  /** The methods the path allows, for 405 and OPTIONS (behaviour §2 step 3). */
  allow: string
}

export interface Router {
  /** The operations it routes, in the registry's order. */
  operations: readonly Operation[]
  /** Finds the resource a path (after the prefix) names; null when it names none. Exact: no trailing slash, case-sensitive. */
  route(rest: string): Route | null
  /** The `Allow` header of the path an operation answers on (an override shares its operation's). */
  allowOf(operation: Operation): string
}

interface PathRoute {
  path: string
  pattern: RegExp
  names: string[]
  operations: Operation[]
  allow: string
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `/resources/artefact/{id}` as an exact pattern: a parameter is one whole segment. */
function compile(path: string): Pick<PathRoute, 'pattern' | 'names'> {
  const names: string[] = []
  const source = path
    .split(/(\{[^}/]+\})/)
    .map((part) => {
      const name = /^\{([^}/]+)\}$/.exec(part)?.[1]
      if (name === undefined) return escapeRegExp(part)
      names.push(name)
      return '([^/]+)'
    })
    .join('')
  return { pattern: new RegExp(`^${source}$`), names }
}

/**
 * The router of a registry: which operations a path names and which methods it
 * allows. Operations that share a path share its `Allow`.
 */
export function createRouter(operations: readonly Operation[]): Router {
  const byPath = new Map<string, Operation[]>()
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation])
  const routes: PathRoute[] = [...byPath].map(([path, on]) => ({
    path,
    ...compile(path),
    operations: on,
    allow: [...on.map((operation) => operation.method), 'OPTIONS'].join(', '),
  }))
  const allowByPath = new Map(routes.map((route) => [route.path, route.allow]))
  return {
    operations,
    route(rest) {
      for (const { pattern, names, operations: on, allow } of routes) {
        const match = pattern.exec(rest)
        if (match)
          return {
            operations: on,
            allow,
            params: Object.fromEntries(names.map((name, at) => [name, match[at + 1] ?? ''])),
          }
      }
      return null
    },
    allowOf(operation) {
      return allowByPath.get(operation.path) ?? `${operation.method}, OPTIONS`
    },
  }
}

export interface Scope {
  /** The path after the prefix when `url` is under it, else null. */
  locate(url: URL): string | null
  /** The absolute address of a path after the prefix, on the request's origin or the base URL. */
  href(url: URL, path: string): string
}

/**
 * Where the handlers answer (behaviour §1): any origin by default, or only
 * under `baseUrl` (absolute, or a path such as `/api` in the browser).
 */
export function createScope(baseUrl?: string): Scope {
  const base = baseUrl === undefined ? null : parseBase(baseUrl)
  const prefix = `${base?.path ?? ''}${PREFIX}`
  return {
    locate(url) {
      if (base?.origin && url.origin !== base.origin) return null
      const path = url.pathname
      if (path === prefix) return ''
      return path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : null
    },
    href(url, path) {
      return `${base?.origin ?? url.origin}${prefix}${path}`
    },
  }
}

function parseBase(baseUrl: string): { origin: string | null; path: string } {
  const trim = (path: string) => path.replace(/\/+$/, '')
  if (/^[a-z][a-z0-9+.-]*:/i.test(baseUrl)) {
    const url = new URL(baseUrl)
    return { origin: url.origin, path: trim(url.pathname) }
  }
  if (!baseUrl.startsWith('/'))
    throw new TypeError(`[artefact-mock] baseUrl must be absolute or start with "/": ${baseUrl}`)
  return { origin: null, path: trim(baseUrl) }
}
