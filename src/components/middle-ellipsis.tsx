interface Props {
  text: string
  /** How many characters at the end always stay in view (the id, the query); default: the last path segment and the query, at most 24. */
  keep?: number
  className?: string
  /** The tooltip; default: the text. */
  title?: string
}

/** The characters at the end of a path that tell it apart: its last segment and its query, at most `max`. */
export function varyingEnd(path: string, max = 24): number {
  const query = path.indexOf('?')
  const end = query < 0 ? path.length : query
  const lastSegment = end - path.lastIndexOf('/', end - 1) - 1
  return Math.min(max, lastSegment + (path.length - end), path.length)
}

/**
 * A one-line text that, when it does not fit, gives way in the middle: the start
 * shrinks behind an ellipsis and the last `keep` characters stay whole. The whole
 * text stays in the DOM, for copying and for screen readers.
 */
export function MiddleEllipsis({ text, keep = varyingEnd(text), className = '', title = text }: Props) {
  const cut = Math.max(0, text.length - keep)
  return (
    <span className={`mid-ellipsis ${className}`} title={title}>
      {cut > 0 && <span className="mid-ellipsis__head">{text.slice(0, cut)}</span>}
      <span className="mid-ellipsis__tail">{text.slice(cut)}</span>
    </span>
  )
}
