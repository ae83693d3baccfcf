import type { ReactNode } from 'react'

/** Splits `text` around each case-insensitive match of `query`, marking the matches. */
export function withMarks(text: string, query: string): ReactNode {
  if (query === '') return text
  const lower = text.toLowerCase()
  const needle = query.toLowerCase()
  const parts: ReactNode[] = []
  let from = 0
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push(text.slice(from, at))
    parts.push(
      <mark key={at} className="find-mark">
        {text.slice(at, at + needle.length)}
      </mark>,
    )
    from = at + needle.length
  }
  if (parts.length === 0) return text
  if (from < text.length) parts.push(text.slice(from))
  return parts
}
