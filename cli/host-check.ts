/**
 * The `Host` check of the HTTP mode (behaviour §11), as Vite's dev server guards its own:
 * DNS rebinding needs a name the attacker controls, so IP addresses, `localhost` and its
 * subdomains are always accepted; any other name must be the bound host, the base URL's
 * host or one of the allowed hosts. A malformed `Host` is refused, never a 500.
 */
import { isIP } from 'node:net'

export interface HostCheckOptions {
  /** Names to accept besides the built-in ones: `mock.example.test`, or `.example.test` for it and its subdomains. */
  allowedHosts?: readonly string[] | undefined
  /** The address the server is bound to; a name there is accepted. */
  bindHost?: string | undefined
  /** The address clients use; its host is accepted. */
  baseUrl?: string | undefined
}

export type HostVerdict =
  | { ok: true /** `hostname[:port]`, lower-cased: safe to build a URL from. */; host: string }
  | { ok: false; reason: string }

interface ParsedHost {
  hostname: string
  port: string | null
  ip: boolean
}

const NAME = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?$/

/** Parses a `Host` value (`name`, `name:port`, `1.2.3.4:80`, `[::1]:80`); null when malformed. */
export function parseHost(value: string): ParsedHost | null {
  const text = value.trim().toLowerCase()
  let hostname: string
  let port: string | null = null
  if (text.startsWith('[')) {
    const end = text.indexOf(']')
    if (end < 0) return null
    hostname = text.slice(0, end + 1)
    const rest = text.slice(end + 1)
    if (rest !== '') {
      if (!rest.startsWith(':')) return null
      port = rest.slice(1)
    }
    if (isIP(hostname.slice(1, -1)) !== 6) return null
  } else {
    const parts = text.split(':')
    if (parts.length > 2) return null
    hostname = parts[0] ?? ''
    port = parts[1] ?? null
    if (hostname.length > 253 || !NAME.test(hostname)) return null
  }
  if (port !== null && (!/^\d{1,5}$/.test(port) || Number(port) > 65_535)) return null
  const bare = hostname.replace(/\.$/, '')
  return { hostname: bare, port, ip: hostname.startsWith('[') || isIP(bare) === 4 }
}

const nameOf = (host: string | undefined): string | null => {
  if (!host) return null
  const parsed = parseHost(host)
  return parsed && !parsed.ip ? parsed.hostname : null
}

function baseUrlHost(baseUrl: string | undefined): string | null {
  if (!baseUrl || !/^[a-z][a-z0-9+.-]*:/i.test(baseUrl)) return null
  return nameOf(new URL(baseUrl).host)
}

/**
 * Builds the check for one server.
 * @example
 * const check = createHostCheck({ allowedHosts: ['.example.test'] })
 * check('api.example.test:8787') // { ok: true, host: 'api.example.test:8787' }
 * check('evil.test:8787')        // { ok: false, reason: ... }
 */
export function createHostCheck(options: HostCheckOptions = {}): (value: string | undefined) => HostVerdict {
  const exact = new Set<string>()
  const suffixes: string[] = []
  for (const entry of options.allowedHosts ?? []) {
    const name = entry.trim().toLowerCase().replace(/\.$/, '')
    if (name.startsWith('.')) {
      suffixes.push(name)
      exact.add(name.slice(1))
    } else if (name !== '') exact.add(name)
  }
  for (const extra of [nameOf(options.bindHost), baseUrlHost(options.baseUrl)]) if (extra) exact.add(extra)
  const named = (hostname: string) =>
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    exact.has(hostname) ||
    suffixes.some((suffix) => hostname.endsWith(suffix))

  // A client sends the same Host on every request: the verdict is a function of the value alone.
  let last: { value: string | undefined; verdict: HostVerdict } | null = null
  return (value) => {
    if (last === null || last.value !== value) last = { value, verdict: judge(value) }
    return last.verdict
  }

  function judge(value: string | undefined): HostVerdict {
    if (value === undefined || value === '')
      return { ok: false, reason: 'Host: missing; HTTP/1.1 requests must name the host' }
    const parsed = parseHost(value)
    const shown = JSON.stringify(value.slice(0, 80))
    if (!parsed) return { ok: false, reason: `Host: ${shown} is not a host name or address with an optional port` }
    if (!parsed.ip && !named(parsed.hostname)) {
      return {
        ok: false,
        reason: `Host: ${JSON.stringify(parsed.hostname)} is not a name of this server (IP addresses, localhost${exact.size > 0 ? `, ${[...exact].join(', ')}` : ''}${suffixes.length > 0 ? `, *${suffixes.join(', *')}` : ''}); allow it with --allowed-hosts`,
      }
    }
    return { ok: true, host: parsed.port === null ? parsed.hostname : `${parsed.hostname}:${parsed.port}` }
  }
}

/** True for the addresses only this machine can reach: `localhost`, 127.0.0.0/8, `::1`. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (bare === 'localhost' || bare === '::1') return true
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare
  return isIP(v4) === 4 && v4.startsWith('127.')
}
