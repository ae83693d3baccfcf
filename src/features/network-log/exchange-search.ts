/**
 * Finding an exchange in the network log or the history by what a person remembers of it:
 * the method, part of the path or the id, the status or its class. Each word typed must
 * appear (any case); `post 422` finds the POSTs answered 422, `0013` the artefact ending so.
 */
import { PREFIX } from '#mocks/internal.ts'
import type { Exchange } from '../../app/model.ts'
import { keptEnd } from '../../components/path-ellipsis.tsx'

const RESOURCES = `${PREFIX}/resources`

/** The path and query after the prefix every request of the mock shares (`/resources/artefact/<id>`). */
export function pathAfterPrefix(url: string): string {
  if (!URL.canParse(url, 'http://x')) return url
  const parsed = new URL(url, 'http://x')
  const path = parsed.pathname.startsWith(PREFIX) ? parsed.pathname.slice(PREFIX.length) || '/' : parsed.pathname
  return `${path}${parsed.search}`
}

/**
 * What a narrow column shows: the path after `/v3/preview-upcoming/resources/` (`artefact/<id>`),
 * else after the prefix, and how many characters at its end stay whole when it gives way: the
 * last 12 of the id (a UUID's varying end) and the query.
 *
 * @example
 * shortPath('http://localhost/v3/preview-upcoming/resources/artefact/0a1e0001-5c0f-4a11-9c00-000000000013')
 * // { text: 'artefact/0a1e0001-5c0f-4a11-9c00-000000000013', keep: 12 }
 */
export function shortPath(url: string): { text: string; keep: number } {
  const after = pathAfterPrefix(url)
  const text = after.startsWith('/resources/') ? after.slice('/resources/'.length) : after
  return { text, keep: keptEnd(text) }
}

/** The column's title: what its paths are shortened from. */
export const SHORT_PATH_TITLE = `Paths after ${RESOURCES}/ (others after ${PREFIX})`

/** What a search box over exchanges says it looks in: what `matchesSearch` reads. */
export const SEARCH_HINT = 'Search: method, path, id, status'

// An exchange never changes once made: its searchable text is worked out once.
const haystacks = new WeakMap<Exchange, string>()
function haystackOf(exchange: Exchange): string {
  let text = haystacks.get(exchange)
  if (text === undefined) {
    const status = exchange.response?.status
    const statusWords = status === undefined ? 'failed' : `${status} ${Math.floor(status / 100)}xx`
    text = `${exchange.request.method}\n${pathAfterPrefix(exchange.request.url)}\n${statusWords}`.toLowerCase()
    haystacks.set(exchange, text)
  }
  return text
}

/** Whether every word appears in the exchange's method, path (id and query included) or status. */
export function matchesSearch(exchange: Exchange, words: readonly string[]): boolean {
  if (words.length === 0) return true
  const haystack = haystackOf(exchange)
  return words.every((word) => haystack.includes(word))
}
