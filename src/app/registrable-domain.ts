/**
 * `tldts` for the explorer's build (vite.config.ts resolves it here): msw's cookie
 * store (tough-cookie) asks it for a host's registrable domain, and the real one
 * carries the whole public-suffix list, 107 KiB gzip, 40% of the first screen's bytes.
 * The explorer's requests go to its own origin (localhost or an IP address), which the
 * list does not name, so the list's default rule answers them: this is that rule
 * alone. A host under a multi-label suffix (`a.co.uk`) gets `co.uk`, looser than
 * the list; only a mocked `Set-Cookie` with such a domain would notice.
 */
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[?[0-9a-f:.]*:[0-9a-f:.]*\]?)$/i

/** The host's last two labels, or null for an IP address, a single label or an empty label. */
export function getDomain(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (IP_ADDRESS.test(host)) return null
  const labels = host.split('.')
  if (labels.length < 2 || labels.includes('')) return null
  return labels.slice(-2).join('.')
}
