/**
 * Which headers cross the HTTP mode on the way to the real service and back, and which are
 * written down (docs/decisions/060-upstream-modes.md). Headers arrive as Node's `rawHeaders`
 * (name, value, name, value, ...), so a repeated header stays repeated.
 */

/**
 * Hop-by-hop headers: about one connection, never forwarded or recorded (RFC 9110 §7.6.1, and
 * RFC 2616's list, which names the proxy credentials too). Names listed in `Connection` join them.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/** Set again by the HTTP mode for the next hop: the body it sends is whole, with its own length. */
const REWRITTEN = new Set(['host', 'content-length', 'expect'])

export const VIA = '1.1 artefact-preview-mock'

export type Pairs = Array<[name: string, value: string]>

const pairsOf = (raw: readonly string[]): Pairs => {
  const pairs: Pairs = []
  for (let at = 0; at + 1 < raw.length; at += 2) pairs.push([raw[at] as string, raw[at + 1] as string])
  return pairs
}

/** The hop-by-hop names of a message: the fixed ones and those its `Connection` lists. */
function hopByHop(pairs: Pairs): Set<string> {
  const names = new Set(HOP_BY_HOP)
  for (const [name, value] of pairs)
    if (name.toLowerCase() === 'connection')
      for (const listed of value.split(',')) names.add(listed.trim().toLowerCase())
  return names
}

/** The end-to-end headers of `raw`: what a proxy passes on. */
export function endToEnd(raw: readonly string[], drop: ReadonlySet<string> = REWRITTEN): Pairs {
  const pairs = pairsOf(raw)
  const skip = hopByHop(pairs)
  return pairs.filter(([name]) => !skip.has(name.toLowerCase()) && !drop.has(name.toLowerCase()))
}

/** The value of `name` in `pairs` (the first), or undefined. */
export const headerValue = (pairs: Pairs, name: string) => pairs.find(([key]) => key.toLowerCase() === name)?.[1]

/** `pairs` with `Via` added to (a proxy says it passed the message on: RFC 9110 §7.6.3). */
export function withVia(pairs: Pairs): Pairs {
  const given = pairs.filter(([name]) => name.toLowerCase() === 'via').map(([, value]) => value)
  return [...pairs.filter(([name]) => name.toLowerCase() !== 'via'), ['Via', [...given, VIA].join(', ')]]
}

/** Node's flat header list of `pairs`, as `request` and `writeHead` take it. */
export const rawList = (pairs: Pairs): string[] => pairs.flat()
